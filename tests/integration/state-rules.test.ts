// State rules as data (issue 37 item 1, decision 0108), on a portal of its own:
//  - the seed writes a rule for every US state, DC and territory of the fee catalogue (none for
//    the foreign jurisdictions), PA and MT pre-appointment, Florida per county with its eAppoint
//    reason codes; a second seed writes nothing;
//  - ADMIN > State Filings > State rules without JavaScript (a link from the filings, decision 0113): the table, a refused edit (messages
//    beside the fields, what was typed kept, nothing stored), the edit saved in one transaction
//    and audited, the form sent again unchanged;
//  - a director is refused (403, nothing changed); an unknown or foreign code is 404;
//  - a re-seed keeps the administrator's edit and its fees, and restores an unedited state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATE_RULE_MESSAGES as M } from "~/features/state-filings/messages";
import { prisma } from "~/lib/db.server";
import { seedReferenceData } from "../../prisma/seed";
import { STATES } from "../../prisma/seed/reference-data";
import { FOREIGN_JURISDICTIONS } from "../../prisma/seed/state-rules";
import { startApp, type AppHandle } from "../support/app-server";
import { signInToApp, visitorSignIn } from "../support/app-sign-in";
import { DEMO } from "../support/browser";
import { useTestDatabase } from "../support/db";
import type { Visitor } from "../support/form-driver";
import { buildIfStale } from "../support/global-app";

const db = useTestDatabase();
let app: AppHandle;
let admin: Visitor;

beforeAll(async () => {
  buildIfStale();
  app = await startApp({ databaseUrl: db.url });
  ({ visitor: admin } = await visitorSignIn(app, DEMO.admin));
}, 300_000);
afterAll(async () => {
  await app?.dispose();
});

const ruleOf = (stateCode: string) => prisma.stateRule.findUniqueOrThrow({ where: { stateCode }, include: { stateFee: true, terminationReasons: { orderBy: { sortOrder: "asc" } } } });

describe("state rules", () => {
  it("the seed writes a rule for every state, DC and territory, and nothing more the second time", async () => {
    const expected = STATES.map(([code]) => code).filter((c) => !FOREIGN_JURISDICTIONS.has(c));
    expect(expected).toContain("DC");
    expect(expected).toContain("PR");
    const rules = await prisma.stateRule.findMany({ include: { terminationReasons: true } });
    expect(rules.map((r) => r.stateCode).sort()).toEqual([...expected].sort());
    expect(rules.every((r) => r.terminationReasons.length > 0 && r.terminationReasons.some((t) => t.forCause))).toBe(true);

    for (const code of ["PA", "MT"]) expect(await ruleOf(code)).toMatchObject({ appointmentTiming: "PRE_APPOINTMENT", appointmentDays: null });
    expect(await ruleOf("TX")).toMatchObject({ appointmentTiming: "JUST_IN_TIME", appointmentDays: 15, terminationDays: 30, terminationForCauseDays: 30, producerCopyDays: 15, backdateMaxDays: null, countyAppointments: false, forCauseElectronic: false });
    const fl = await ruleOf("FL");
    expect(fl.countyAppointments).toBe(true);
    expect(fl.terminationReasons.map((t) => t.code)).toEqual(expect.arrayContaining(["AVFS", "D", "MOFL", "NLRC"]));
    expect(fl.renewalResidentFeeAmount.toFixed(2)).toBe(fl.stateFee.residentFeeAmount.toFixed(2));

    const before = await prisma.stateRule.findMany({ select: { stateCode: true, updatedAt: true }, orderBy: { stateCode: "asc" } });
    const reasonIds = (await prisma.stateTerminationReason.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((r) => r.id);
    await seedReferenceData();
    expect(await prisma.stateRule.findMany({ select: { stateCode: true, updatedAt: true }, orderBy: { stateCode: "asc" } })).toEqual(before);
    expect((await prisma.stateTerminationReason.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((r) => r.id)).toEqual(reasonIds);
  });

  it("without JavaScript: a refused edit keeps what was typed, the saved one is stored, audited and survives a second SAVE", async () => {
    let page = await (await admin.get(`${app.url}/home`)).within("navigation", "Main").toggle("ADMIN").follow("State Filings");
    expect(page.heading()).toBe("State Filings");
    page = await page.follow("State rules");
    expect(page.heading()).toBe("State rules");
    const florida = page.rows().find((r) => r[0]?.startsWith("Florida (FL)"));
    expect(florida).toEqual(["Florida (FL)", "Just in time, 15 days · per county", "30 days; for cause 30 days", "Not allowed", "5", "$60.00 / $60.00", "Default"]);

    page = await page.follow(/^Florida \(FL\)/);
    expect(page.heading()).toBe("State rules: Florida");
    const untouched = JSON.stringify(await ruleOf("FL"));
    // Within days of the contract, but no days; a reason code without its meaning; terminations backdated up to 20 days.
    page = await page
      .form("SAVE")
      .check("Within N days of the contract", "When the state is appointed")
      .fill("Days to appoint", "")
      .check("Terminations can be backdated")
      .fill("Days a termination may be backdated", "20")
      .fill("Appointment fee, resident ($)", "61.50")
      .fill("Code of reason 6", "XFER")
      .submit("SAVE");
    expect(page.status).toBe(400);
    expect(page.fieldError("Days to appoint")).toBe(M.daysRequired);
    expect(page.fieldError("Meaning of reason 6")).toBe(M.reasonLabelRequired);
    expect(page.banners().join(" ")).toContain(M.refusedTitle);
    const kept = page.form("SAVE");
    expect(kept.value("Appointment fee, resident ($)")).toBe("61.50");
    expect(kept.value("Code of reason 6")).toBe("XFER");
    expect(kept.value("Days a termination may be backdated")).toBe("20");
    expect(kept.checked("Within N days of the contract", "When the state is appointed")).toBe(true);
    expect(JSON.stringify(await ruleOf("FL"))).toBe(untouched);

    page = await kept.fill("Days to appoint", "10").fill("Meaning of reason 6", "Transferred to another agency").check("Reason 6 is for cause").uncheck("Reason 6 is for cause").submit("SAVE");
    expect(page.status).toBe(200);
    expect(page.pathname).toBe("/admin/state-rules/FL");
    expect(page.banners().join(" ")).toContain(M.savedTitle);
    const saved = await ruleOf("FL");
    expect(saved).toMatchObject({ appointmentTiming: "WITHIN_DAYS", appointmentDays: 10, backdateMaxDays: 20, countyAppointments: true, editedById: expect.any(String) });
    expect(saved.editedAt).not.toBeNull();
    expect(saved.stateFee.residentFeeAmount.toFixed(2)).toBe("61.50");
    expect(saved.terminationReasons.map((t) => [t.code, t.forCause])).toEqual([["AVFS", false], ["D", false], ["MOFL", false], ["NLRC", false], ["CAUSE", true], ["XFER", false]]);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "STATE_RULE_CHANGED", targetId: "FL" } });
    expect(audit.actorUserId).toBe(saved.editedById);
    expect((audit.details as { changes: Record<string, unknown> }).changes).toMatchObject({ appointmentTiming: ["JUST_IN_TIME", "WITHIN_DAYS"], appointmentDays: [15, 10], residentFeeAmount: ["60.00", "61.50"] });

    // The page as saved, sent again unchanged: the same rule; then a reason emptied is removed.
    page = await page.form("SAVE").submit("SAVE");
    expect(page.banners().join(" ")).toContain(M.savedTitle);
    expect((await ruleOf("FL")).terminationReasons).toHaveLength(6);
    page = await page.form("SAVE").fill("Code of reason 6", "").fill("Meaning of reason 6", "").submit("SAVE");
    expect(page.banners().join(" ")).toContain(M.savedTitle);
    expect((await ruleOf("FL")).terminationReasons.map((t) => t.code)).toEqual(["AVFS", "D", "MOFL", "NLRC", "CAUSE"]);

    // Several 'for cause' boxes ticked at once are all kept, and a second SAVE keeps them.
    page = await page.form("SAVE").check("Reason 2 is for cause").check("Reason 3 is for cause").submit("SAVE");
    const forCause = async () => (await ruleOf("FL")).terminationReasons.filter((t) => t.forCause).map((t) => t.code);
    expect(await forCause()).toEqual(["D", "MOFL", "CAUSE"]);
    page = await page.form("SAVE").submit("SAVE");
    expect(page.banners().join(" ")).toContain(M.savedTitle);
    expect(await forCause()).toEqual(["D", "MOFL", "CAUSE"]);
  });

  it("a director is refused (403) and changes nothing; an unknown or foreign state is 404", async () => {
    const md = await signInToApp(app, DEMO.marketingDirector);
    const before = JSON.stringify(await ruleOf("TX"));
    const get = await fetch(`${app.url}/admin/state-rules`, { headers: { Cookie: md } });
    expect(get.status).toBe(403);
    const post = await fetch(`${app.url}/admin/state-rules/TX`, {
      method: "POST",
      headers: { Cookie: md, Origin: app.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ appointmentTiming: "WITHIN_DAYS", appointmentDays: "1", terminationDays: "1", terminationForCauseDays: "1", producerCopyDays: "1", residentFeeAmount: "1", nonResidentFeeAmount: "1", renewalResidentFeeAmount: "1", renewalNonResidentFeeAmount: "1", "reasons[0].code": "X", "reasons[0].label": "X" }),
      redirect: "manual",
    });
    expect(post.status).toBe(403);
    expect(JSON.stringify(await ruleOf("TX"))).toBe(before);
    for (const code of ["ZZ", "AA", "fl"]) expect((await admin.get(`${app.url}/admin/state-rules/${code}`)).status, code).toBe(404);
  });

  it("a re-seed keeps the administrator's edit and its fees, and restores a state nobody edited", async () => {
    await prisma.stateRule.update({ where: { stateCode: "TX" }, data: { terminationDays: 99 } });
    await prisma.stateFee.update({ where: { stateCode: "TX" }, data: { residentFeeAmount: "99.00" } });
    await seedReferenceData();
    const fl = await ruleOf("FL");
    expect(fl).toMatchObject({ appointmentTiming: "WITHIN_DAYS", appointmentDays: 10, backdateMaxDays: 20 });
    expect(fl.stateFee.residentFeeAmount.toFixed(2)).toBe("61.50");
    expect(fl.terminationReasons).toHaveLength(5);
    const tx = await ruleOf("TX");
    expect(tx.terminationDays).toBe(30);
    expect(tx.stateFee.residentFeeAmount.toFixed(2)).toBe("16.00");
  });
});
