// The card verification code is never kept (PCI DSS 4.0 req. 3.3.1;
// docs/decisions/0087-card-verification-code-not-kept.md): a no-JavaScript
// save of the card section with a CVC checks it and drops it: after that save
// and a submit the canary CVC is in no column of any table (encrypted columns
// decrypted with the portal's own key), in nothing the process logged, in no
// job payload (a table like the others) and not in the generated application
// PDF; the form never gives it back; the check page's submit asks for it again and checks it
// (decision 0099);
// a bad CVC gets its message beside the field with the other values kept.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { generateCombinedApplication } from "~/features/documents/combined-application.server";
import { validApplication } from "~/features/appointment/fixtures";
import { decryptField, encryptField } from "~/lib/crypto.server";
import { prisma } from "~/lib/db.server";
import { readFileBytes } from "~/lib/storage.server";
import { createSession } from "~/lib/session.server";
import { action as appointAction, loader as appointLoader } from "~/routes/appoint";
import { action as checkAction } from "~/routes/appoint_.check";
import { useTestDatabase } from "../support/db";
import { pdfText } from "../support/pdf-text";
import { sectionFormEntries } from "../support/section-form";
import { useTempDataDir } from "../support/temp-dir";
import { filledIn, useWorldWithJobs } from "./appointment-fixtures";

useTestDatabase();
useTempDataDir("card-cvc");

const world = useWorldWithJobs();
const APP_URL = "http://localhost";

/** A CVC no fixture uses, found only as a whole token (not inside a longer number, id or hash). */
const CANARY = "8093";
const TOKEN = new RegExp(`(?<![0-9A-Za-z-])${CANARY}(?![0-9A-Za-z-])`);

// Everything the process writes while a test runs (the portal's pino logs go to stdout).
let written: string[] = [];
const originals = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
beforeEach(() => {
  written = [];
  const tap = (orig: typeof originals.out) => ((chunk: unknown, ...rest: unknown[]) => {
    written.push(String(chunk));
    return (orig as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  process.stdout.write = tap(originals.out);
  process.stderr.write = tap(originals.err);
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    const orig = console[level];
    console[level] = (...args: unknown[]) => {
      written.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
      orig(...args);
    };
    restore.push(() => (console[level] = orig));
  }
});
const restore: Array<() => void> = [];
afterEach(() => {
  process.stdout.write = originals.out;
  process.stderr.write = originals.err;
  while (restore.length) restore.pop()!();
});

async function cookieOf(userId: string): Promise<string> {
  return (await createSession(new Request(`${APP_URL}/`), { userId })).split(";")[0]!;
}

type Answer = { status: number; body: string; data?: { dialog?: { kind: string; message: string }; reply?: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> }; cvcError?: string } };

/** A plain form POST to the application screen (what a browser without JavaScript sends). */
async function post(cookie: string, id: number, entries: Array<[string, string]>): Promise<Answer> {
  const request = new Request(`${APP_URL}/appoint?id=${id}`, {
    method: "POST",
    body: new URLSearchParams(entries),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: APP_URL },
  });
  const r = (await appointAction({ request, params: {}, context: {} })) as { init?: { status?: number }; data?: Answer["data"] };
  return { status: r.init?.status ?? 200, body: JSON.stringify(r.data), data: r.data };
}

type CheckAnswer = { status: number; location: string | null; body: string; data?: { refused?: { message: string }; cvcError?: string } };

/** 'Submit application' on the check page (decision 0099), with the CVC typed beside it (or none). */
async function submitFromCheck(cookie: string, id: number, cvc?: string): Promise<CheckAnswer> {
  const request = new Request(`${APP_URL}/appoint/check?id=${id}`, {
    method: "POST",
    body: new URLSearchParams(cvc === undefined ? [] : [["ccInfo.cvcNumber", cvc]]),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: APP_URL },
  });
  try {
    const r = (await checkAction({ request, params: {}, context: {} })) as { init?: { status?: number }; data?: CheckAnswer["data"] };
    return { status: r.init?.status ?? 200, location: null, body: JSON.stringify(r.data), data: r.data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location"), body: await thrown.text() };
    throw thrown;
  }
}

/** The card section as the form posts it, with `card` over the fixture's card. */
function feesPost(card: Record<string, string>, intent = "save"): Array<[string, string]> {
  const fees = validApplication("APPTTYP_REP").fees;
  return [["section", "FEES"], ["intent", intent], ...sectionFormEntries({ ...fees, ccInfo: { ...fees.ccInfo, ...card } })];
}

/** Every place in the database holding the canary: text, json and bytea columns of every table, *_encrypted ones decrypted. */
async function whereInDatabase(): Promise<string[]> {
  const columns = await prisma.$queryRawUnsafe<Array<{ s: string; t: string; c: string; type: string }>>(
    `SELECT c.table_schema AS s, c.table_name AS t, c.column_name AS c, c.data_type AS type
       FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE t.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
        AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY')`,
  );
  expect(columns.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const { s, t, c, type } of columns) {
    const col = `"${c}"`;
    const from = `"${s}"."${t}"`;
    if (c.endsWith("_encrypted")) {
      const rows = await prisma.$queryRawUnsafe<Array<{ v: string }>>(`SELECT ${col} AS v FROM ${from} WHERE ${col} IS NOT NULL`);
      for (const r of rows) if (TOKEN.test(decryptField(r.v))) found.push(`${s}.${t}.${c} (decrypted)`);
    } else if (type === "bytea") {
      const [r] = await prisma.$queryRawUnsafe<Array<{ n: bigint }>>(`SELECT count(*) AS n FROM ${from} WHERE position(convert_to($1, 'UTF8') in ${col}) > 0`, CANARY);
      if (Number(r!.n) > 0) found.push(`${s}.${t}.${c}`);
    } else {
      const rows = await prisma.$queryRawUnsafe<Array<{ v: string }>>(`SELECT ${col}::text AS v FROM ${from} WHERE strpos(${col}::text, $1) > 0`, CANARY);
      if (rows.some((r) => TOKEN.test(r.v))) found.push(`${s}.${t}.${c}`);
    }
  }
  return found;
}

describe("the card verification code", () => {
  it("after a no-JS save of the card section and a submit it is in no table, log, job payload or PDF, and never given back", async () => {
    const { user, id } = await filledIn(world, "APPTTYP_REP");
    const cookie = await cookieOf(user.id);

    const saved = await post(cookie, id, feesPost({ cvcNumber: CANARY }));
    expect(saved.data?.dialog?.kind).toBe("saved");
    expect(saved.body).not.toMatch(TOKEN);
    // A refused save (another field wrong) gives back what was typed, but not the CVC.
    const refused = await post(cookie, id, feesPost({ cvcNumber: CANARY, nameonCard: "J" }));
    expect(refused.status).toBe(400);
    expect((refused.data?.reply?.initialValue?.ccInfo as Record<string, string>).nameonCard).toBe("J");
    expect(refused.body).not.toMatch(TOKEN);
    // The card section as the screen shows it next: an empty CVC.
    const screen = await appointLoader({ request: new Request(`${APP_URL}/appoint?id=${id}&section=FEES`, { headers: { Cookie: cookie } }), params: {}, context: {} });
    expect((screen.data.fees.ccInfo as Record<string, unknown>).cvcNumber).toBeUndefined();
    expect(JSON.stringify(screen)).not.toMatch(TOKEN);
    expect(await whereInDatabase()).toEqual([]);

    // SUBMIT from a section saves it and opens the check page (decision 0099): no CVC asked there.
    const agreements: Array<[string, string]> = [["section", "AGREEMENTS"], ["intent", "submit"], ...sectionFormEntries(validApplication("APPTTYP_REP").agreements)];
    const opened = await post(cookie, id, agreements).then(
      () => null,
      (thrown: unknown) => (thrown instanceof Response ? [thrown.status, thrown.headers.get("location")] : thrown),
    );
    expect(opened).toEqual([302, `/appoint/check?id=${id}`]);
    // The check page's 'Submit application' asks for the CVC and checks it, then drops it.
    const without = await submitFromCheck(cookie, id);
    expect([without.status, without.data?.cvcError]).toEqual([400, "CVC is required"]);
    const bad = await submitFromCheck(cookie, id, "12a");
    expect([bad.status, bad.data?.cvcError]).toEqual([400, "CVC must be 3 or 4 digits"]);
    expect((await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } })).appointmentStatusCode).toBe("APWF_STATUS_INCOMPLETE");
    const submitted = await submitFromCheck(cookie, id, CANARY);
    expect([submitted.status, submitted.location]).toEqual([302, `/appoint/submitted?id=${id}`]);
    expect(submitted.body).not.toMatch(TOKEN);
    expect((await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } })).appointmentStatusCode).toBe("APWF_STATUS_NEWCONTRACT");

    // The combined application the submit's job generates.
    const pdf = await generateCombinedApplication(id);
    const doc = await prisma.document.findUniqueOrThrow({ where: { id: pdf.documentId }, include: { storedFile: true } });
    const text = await pdfText(await readFileBytes(doc.storedFile));
    expect(text).toContain("Jordan");
    expect(text).not.toMatch(TOKEN);

    expect(await whereInDatabase()).toEqual([]);
    expect(written.join("\n")).not.toMatch(TOKEN);

    // The scan sees the canary where it would be: in a json column, a text column and an encrypted one.
    await prisma.auditLog.create({ data: { action: "CANARY", details: { ccInfo: { cvcNumber: CANARY } } } });
    await prisma.appointment.update({ where: { appointmentId: id }, data: { qnaComment: `cvc ${CANARY}` } });
    await prisma.appointmentPersonal.update({ where: { appointmentId: id }, data: { ssnEncrypted: encryptField(CANARY) } });
    expect(await whereInDatabase()).toEqual(expect.arrayContaining(["public.audit_log.details", "public.appointments.qna_comment", "public.appointment_personal.ssn_encrypted (decrypted)"]));
  });

  it("a bad CVC in the card section gets its message beside the field, the other values kept, nothing saved", async () => {
    const { user, id } = await filledIn(world, "APPTTYP_REP");
    const cookie = await cookieOf(user.id);
    const before = await prisma.appointmentCardInfo.findUniqueOrThrow({ where: { appointmentId: id } });
    const r = await post(cookie, id, feesPost({ cvcNumber: "12", nameonCard: "Jordan Q Lee", city: "Dallas" }));
    expect(r.status).toBe(400);
    expect(r.data?.reply?.error?.["ccInfo.cvcNumber"]).toEqual(["CVC must be 3 or 4 digits"]);
    const typed = r.data?.reply?.initialValue?.ccInfo as Record<string, string | undefined>;
    expect(typed).toMatchObject({ nameonCard: "Jordan Q Lee", city: "Dallas", cardNumber: "4111111111111111" });
    expect(typed.cvcNumber).toBeUndefined();
    expect(await prisma.appointmentCardInfo.findUniqueOrThrow({ where: { appointmentId: id } })).toEqual(before);
  });
});
