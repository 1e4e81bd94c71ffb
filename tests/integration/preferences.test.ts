// Communication preferences (spec part 1 §3, §4, §5): the subscriber made on
// the first visit, today's default shown, saving, switching off, one user's
// rows never another's, and the notifications reading what the page saved.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { categoriesFor, loadPreferences, savePreferences } from "~/features/preferences/preferences.server";
import { PREFERENCE_CATEGORIES, preferencesSchema } from "~/features/preferences/schema";
import { useTestDatabase } from "../support/db";
import { createUser } from "../support/factories";
import { readFileSync } from "node:fs";
import path from "node:path";

useTestDatabase();

function formValue(entries: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  const s = parseWithZod(fd, { schema: preferencesSchema });
  if (s.status !== "success") throw new Error(JSON.stringify(s.error));
  return s.value;
}

describe("communication preferences", () => {
  it("creates the subscriber on the first visit and shows today's default: recruiter events to the sign-in address", async () => {
    const user = await createUser(prisma, { userName: "pref-first@example.com" });
    expect(await prisma.notificationSubscriber.count({ where: { userId: user.id } })).toBe(0);
    const values = await loadPreferences(user);
    expect(await prisma.notificationSubscriber.count({ where: { userId: user.id } })).toBe(1);
    expect(values.CAT_APPSUB_RECRUIT).toEqual({ emailOn: true, emails: "pref-first@example.com", smsOn: false, phones: "" });
    expect(values.CAT_APPSUB_RECRUIT_DOWNLN).toEqual({ emailOn: false, emails: "", smsOn: false, phones: "" });
    // A second visit creates nothing more.
    await loadPreferences(user);
    expect(await prisma.notificationSubscriber.count({ where: { userId: user.id } })).toBe(1);
  });

  it("saves all sixteen rows of the user's own subscriber; a switch off is saved empty", async () => {
    const me = await createUser(prisma, { userName: "pref-me@example.com" });
    const other = await createUser(prisma, { userName: "pref-other@example.com" });
    await savePreferences(other.id, formValue({ "CAT_APPSUB_RECRUIT.emailOn": "Y", "CAT_APPSUB_RECRUIT.emails": "other@example.com" }));
    const otherBefore = await prisma.notificationPreference.findMany({ where: { subscriber: { userId: other.id } }, orderBy: { id: "asc" } });

    await savePreferences(
      me.id,
      formValue({
        "CAT_APPSUB_RECRUIT.emails": "left-over@example.com", // switch off: not kept
        "CAT_APPSUB_RECRUIT_DOWNLN.emailOn": "Y",
        "CAT_APPSUB_RECRUIT_DOWNLN.emails": "a@example.com, b@example.com",
        "CAT_APPSUB_RECRUIT_DOWNLN.smsOn": "Y",
        "CAT_APPSUB_RECRUIT_DOWNLN.phones": "(512) 555-0111",
        subscriberId: "1", // a posted id means nothing
      }),
    );
    const rows = await prisma.notificationPreference.findMany({ where: { subscriber: { userId: me.id } } });
    expect(rows).toHaveLength(PREFERENCE_CATEGORIES.length * 2);
    const row = (c: string, m: string) => rows.find((r) => r.categoryCode === c && r.methodCode === m);
    expect(row("CAT_APPSUB_RECRUIT", "EMAIL_EVT")).toMatchObject({ isEnabled: false, preferenceValue: "" });
    expect(row("CAT_APPSUB_RECRUIT_DOWNLN", "EMAIL_EVT")).toMatchObject({ isEnabled: true, preferenceValue: "a@example.com,b@example.com" });
    expect(row("CAT_APPSUB_RECRUIT_DOWNLN", "SMS_EVT")).toMatchObject({ isEnabled: true, preferenceValue: "5125550111" });
    // Switched off, the recruiter default no longer applies.
    expect((await loadPreferences(me)).CAT_APPSUB_RECRUIT).toEqual({ emailOn: false, emails: "", smsOn: false, phones: "" });
    expect(await prisma.notificationPreference.findMany({ where: { subscriber: { userId: other.id } }, orderBy: { id: "asc" } })).toEqual(otherBefore);
  });

  it("the state filings' category is shown and saved to administrators only; on by default", async () => {
    const admin = await createUser(prisma, { userName: "pref-admin@example.com", isInternal: true });
    const agent = await createUser(prisma, { userName: "pref-agent@example.com" });
    expect(categoriesFor(admin)).toContain("CAT_STATEFILING_ADMIN");
    expect(categoriesFor(agent)).not.toContain("CAT_STATEFILING_ADMIN");
    expect((await loadPreferences(admin)).CAT_STATEFILING_ADMIN).toEqual({ emailOn: true, emails: "pref-admin@example.com", smsOn: false, phones: "" });
    await savePreferences(agent.id, formValue({}), categoriesFor(agent));
    const rows = await prisma.notificationPreference.findMany({ where: { subscriber: { userId: agent.id } } });
    expect(rows).toHaveLength((PREFERENCE_CATEGORIES.length - 1) * 2);
    expect(rows.some((r) => r.categoryCode === "CAT_STATEFILING_ADMIN")).toBe(false);
  });

  it("the demo seed and the notifications use one spelling of the downline categories", () => {
    const seed = readFileSync(path.resolve("prisma/seed/demo.ts"), "utf8");
    const codes = [...seed.matchAll(/categoryCode: "([A-Z_]+)"/g)].map((m) => m[1]);
    expect(codes.length).toBeGreaterThan(0);
    for (const c of codes) expect(PREFERENCE_CATEGORIES).toContain(c);
  });

  it("the migration renames stored misspelled downline rows", async () => {
    const user = await createUser(prisma, {});
    const s = await prisma.notificationSubscriber.create({ data: { userId: user.id } });
    await prisma.notificationPreference.createMany({
      data: [
        { subscriberId: s.subscriberId, categoryCode: "CAT_APPSUB_DOWNLN", methodCode: "SMS_EVT", isEnabled: true, preferenceValue: "5125550111" },
        { subscriberId: s.subscriberId, categoryCode: "CAT_APPREJ_DOWNLN", methodCode: "EMAIL_EVT", isEnabled: true, preferenceValue: "old@example.com" },
        { subscriberId: s.subscriberId, categoryCode: "CAT_APPREJ_RECRUIT_DOWNLN", methodCode: "EMAIL_EVT", isEnabled: true, preferenceValue: "new@example.com" },
      ],
    });
    const sql = readFileSync(path.resolve("prisma/migrations/20261123120500_downline_category_spelling/migration.sql"), "utf8");
    for (const statement of sql.split(/;\s*\n/).map((x) => x.replace(/^--.*$/gm, "").trim()).filter(Boolean)) {
      await prisma.$executeRawUnsafe(statement);
    }
    const rows = await prisma.notificationPreference.findMany({ where: { subscriberId: s.subscriberId }, orderBy: { categoryCode: "asc" } });
    expect(rows.map((r) => [r.categoryCode, r.methodCode, r.preferenceValue])).toEqual([
      ["CAT_APPREJ_RECRUIT_DOWNLN", "EMAIL_EVT", "new@example.com"],
      ["CAT_APPSUB_RECRUIT_DOWNLN", "SMS_EVT", "5125550111"],
    ]);
  });
});

