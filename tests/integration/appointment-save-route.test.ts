// A save through the route (POST /appoint?id=…, the action as the server runs
// it, with a session cookie), against a real PostgreSQL:
//  - who may save: the session, its user and the access check are one
//    statement (requireUserAndAppointmentAccess), and the rules are those of
//    requireAppointmentAccess: the prospect and an internal administrator save;
//    another prospect, an administrator impersonating someone else, a deleted
//    application and a bad id get 404 (audited); a submitted application 403
//    read-only; nobody signed in gets the Session Timeout page;
//  - a save runs a fixed number of statements (docs/performance.md 'Saves,
//    third pass'): a test that fails if a statement is added back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/generated/prisma/client";
import { disconnectPrisma, prisma } from "~/lib/db.server";
import { countStatements } from "../support/count-statements";
import { resetEnvCache } from "~/lib/env.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { action as appointAction, loader as appointLoader } from "~/routes/appoint";
import { appointmentDocumentLists } from "~/features/documents/appointment-documents.server";
import { decisionNote } from "~/features/review/history.server";
import { useTestDatabase } from "../support/db";
import { createUser } from "../support/factories";
import { completion } from "~/features/appointment/completion";
import type { ValidationContext } from "~/features/appointment/form-data";
import { loadApplication } from "~/features/appointment/load.server";
import { filledIn, newApplication, newProspect, useWorldWithJobs } from "./appointment-fixtures";

useTestDatabase();

const APP_URL = "http://localhost:3000";
/**
 * Statements of a save of Personal Information (BEGIN not counted), repeating the stored values:
 * session with its users and the access check (1), the row lock with updated_by and the audit row
 * (1), the record with the personal questions and the state codes (1), COMMIT (1)
 * (docs/performance.md 'Issue 22 item 3: saves'; 5 before: updated_by and the audit row apart).
 */
const REPEATING_STATEMENTS = 4;
/** The same save changing the middle name: also the personal row with the W-9 row (its name follows the names) in one statement (7 before). */
const CHANGING_STATEMENTS = 5;
/**
 * Statements of the application screen's loader (GET /appoint?id=…&section=…), whatever the section
 * (docs/performance-appscreen-profile.md; issue 22 wants at most 5): session with its users (1),
 * the application with everything of its own the screen shows — record, header, link, documents'
 * context, consent, latest decision — (1; five before: access row, record, documents' context,
 * consent, decision note), the catalogues — personal questions, state-fee question, state fees,
 * document requirements, system agreements — (1; five before).
 */
const SCREEN_STATEMENTS = 3;

beforeAll(async () => {
  process.env.APP_URL = APP_URL;
  process.env.ENCRYPTION_KEY = "save-route-test-key-0123456789abcdef0123456789";
  // Counts statements (queryLog), as npm run bench:http does: the client is made again with it.
  process.env.BENCH_ROUTES = "1";
  resetEnvCache();
  resetSecretsCache();
  await disconnectPrisma();
});

afterAll(() => {
  delete process.env.BENCH_ROUTES;
  resetEnvCache();
});

const world = useWorldWithJobs();

async function cookieOf(userId: string, impersonatorUserId?: string): Promise<string> {
  return (await createSession(new Request(`${APP_URL}/`), { userId, impersonatorUserId })).split(";")[0]!;
}

/** The action's answer: its status, and for a Response the Location. */
async function post(cookie: string | null, id: string | number, fields: Record<string, string>) {
  const request = new Request(`${APP_URL}/appoint?id=${id}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { ...(cookie ? { Cookie: cookie } : {}), "Content-Type": "application/x-www-form-urlencoded", Origin: APP_URL },
  });
  try {
    const r = (await appointAction({ request, params: {}, context: {} })) as unknown;
    if (r instanceof Response) return { status: r.status, location: r.headers.get("Location"), dialog: undefined };
    const d = r as { init?: { status?: number }; data?: { dialog?: { kind: string } } };
    return { status: d.init?.status ?? 200, location: null, dialog: d.data?.dialog?.kind };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, location: e.headers.get("Location"), dialog: undefined };
    throw e;
  }
}

const save = (firstName: string, middleName = "Quinn") => ({ section: "PERSONAL", intent: "save", firstName, middleName });

const firstNameOf = async (id: number) => (await prisma.appointmentPersonal.findUniqueOrThrow({ where: { appointmentId: id } })).firstName;
const denials = (id: number, actor: string) => prisma.auditLog.count({ where: { action: "ACCESS_DENIED", targetId: String(id), actorUserId: actor } });

describe("who may save through the route", () => {
  it("the prospect and an internal administrator (also acting as the prospect) save", async () => {
    const { user, id } = await filledIn(world, "APPTTYP_IND");
    expect(await post(await cookieOf(user.id), id, save("Jordana"))).toMatchObject({ status: 200, dialog: "saved" });
    expect(await firstNameOf(id)).toBe("Jordana");
    const admin = await createUser(prisma, { isInternal: true });
    expect(await post(await cookieOf(admin.id), id, save("Jordy"))).toMatchObject({ status: 200, dialog: "saved" });
    expect(await firstNameOf(id)).toBe("Jordy");
    expect(await post(await cookieOf(user.id, admin.id), id, save("Jordan"))).toMatchObject({ status: 200, dialog: "saved" });
    expect(await firstNameOf(id)).toBe("Jordan");
  });

  it("another prospect, an administrator acting as someone else, a deleted application and a bad id get 404, audited", async () => {
    const { id } = await filledIn(world, "APPTTYP_IND");
    const other: User = await newProspect();
    const admin = await createUser(prisma, { isInternal: true });
    expect((await post(await cookieOf(other.id), id, save("Forged"))).status).toBe(404);
    expect(await denials(id, other.id)).toBe(1);
    // Impersonation acts with the person's rights, not the administrator's.
    expect((await post(await cookieOf(other.id, admin.id), id, save("Forged"))).status).toBe(404);
    expect(await denials(id, other.id)).toBe(2);
    expect(await firstNameOf(id)).toBe("Jordan");

    const deleted = await filledIn(world, "APPTTYP_IND");
    await prisma.appointment.update({ where: { appointmentId: deleted.id }, data: { isDeleted: true } });
    expect((await post(await cookieOf(deleted.user.id), deleted.id, save("Forged"))).status).toBe(404);
    expect(await denials(deleted.id, deleted.user.id)).toBe(1);

    const ownCookie = await cookieOf(other.id);
    for (const bad of ["0", "abc", "2147483648", "9999999"]) expect((await post(ownCookie, bad, save("Forged"))).status).toBe(404);
  });

  it("a submitted application answers 403 read-only and changes nothing", async () => {
    const { user, id } = await filledIn(world, "APPTTYP_IND");
    await prisma.appointment.update({ where: { appointmentId: id }, data: { appointmentStatusCode: "APWF_STATUS_NEWCONTRACT" } });
    expect((await post(await cookieOf(user.id), id, save("Forged"))).status).toBe(403);
    expect(await firstNameOf(id)).toBe("Jordan");
  });

  it("nobody signed in (no cookie, an ended session) gets the Session Timeout page, whatever the id", async () => {
    const { id } = await filledIn(world, "APPTTYP_IND");
    for (const [cookie, target] of [
      [null, id],
      [null, "abc"],
      ["portal_session=ended", id],
    ] as const) {
      const r = await post(cookie, target, save("Forged"));
      expect(r.status).toBe(303);
      expect(r.location).toMatch(/^\/session-expired\?returnTo=/);
    }
    expect(await firstNameOf(id)).toBe("Jordan");
  });
});

describe("the statements of a save", () => {
  it(`repeating the stored values: ${REPEATING_STATEMENTS}; changing a name: ${CHANGING_STATEMENTS}`, async () => {
    const { user, id } = await filledIn(world, "APPTTYP_IND");
    const cookie = await cookieOf(user.id);
    const saves = () => prisma.auditLog.count({ where: { action: "APPOINTMENT_SAVED", targetId: String(id) } });
    const start = await saves();
    // The first save of the session (its last-seen touch, at most once a minute) is not counted.
    expect(await post(cookie, id, save("Jordan", "Quinn"))).toMatchObject({ status: 200, dialog: "saved" });
    const repeating = await countStatements(() => post(cookie, id, save("Jordan", "Quinn")));
    expect(repeating.value).toMatchObject({ status: 200, dialog: "saved" });
    expect(repeating.count, repeating.recent.join("\n")).toBe(REPEATING_STATEMENTS);
    const changing = await countStatements(() => post(cookie, id, save("Jordan", "Quincy")));
    expect(changing.value).toMatchObject({ status: 200, dialog: "saved" });
    expect(changing.count, changing.recent.join("\n")).toBe(CHANGING_STATEMENTS);
    const p = await prisma.appointmentPersonal.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(p.middleName).toBe("Quincy");
    expect((await prisma.appointmentIrsInfo.findUniqueOrThrow({ where: { appointmentId: id } })).name).toBe("Jordan Quincy Lee");
    // Each save that wrote left its audit row and who saved; a refused save (the row lock's
    // statement stamps them first) is rolled back whole: no audit row, no stamp, no change.
    const stamped = async () => (await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } })).updatedAt.getTime();
    const [before, at] = [await saves(), await stamped()];
    expect(before).toBe(start + 3);
    expect(await post(cookie, id, { ...save("Jordy", "Quinn"), residentStateCode: "ZZ" })).toMatchObject({ status: 400, dialog: "failed" });
    expect([await saves(), await stamped(), await firstNameOf(id)]).toEqual([before, at, "Jordan"]);
  });
});

describe("the statements of the application screen", () => {
  it(`${SCREEN_STATEMENTS} for every section, with the catalogues the forms need`, async () => {
    const { user, id } = await filledIn(world, "APPTTYP_IND");
    const cookie = await cookieOf(user.id);
    const get = async (section: string) => {
      const request = new Request(`${APP_URL}/appoint?id=${id}&section=${section}`, { headers: { Cookie: cookie } });
      return appointLoader({ request, params: {}, context: {} });
    };
    await get("PERSONAL"); // the session's last-seen touch (at most once a minute) is not counted
    for (const section of ["PERSONAL", "COMMS", "FEES", "AGREEMENTS", "DOCS", "INSTRUCT"]) {
      const counted = await countStatements(() => get(section));
      expect(counted.value.section).toBe(section);
      expect(counted.count, `${section}:\n${counted.recent.join("\n")}`).toBe(SCREEN_STATEMENTS);
      // Every one a named prepared statement: PostgreSQL plans each once per connection, not at
      // every render (the application's statement cost the database ~6 ms of planning; decision 0066).
      expect(counted.prepared, `${section}: prepared statements`).toBe(SCREEN_STATEMENTS);
    }
    // The same document lists and decision note as the statements of their own (appointmentDocumentLists, decisionNote).
    const docs = await get("DOCS");
    const stored = await prisma.appointment.findUniqueOrThrow({ where: { appointmentId: id } });
    expect(docs.documents).toEqual(await appointmentDocumentLists(stored));
    expect(docs.documents!.agreements.length).toBeGreaterThan(0);
    expect(docs.decisionNote).toBeNull();
    const admin = await createUser(prisma, { isInternal: true });
    await prisma.appointmentDecision.create({
      data: { appointmentId: id, decisionCode: "RETURN", reason: "Please correct your address.", sections: ["PERSONAL"], fromStatusCode: "APWF_STATUS_SUBMITTED", decidedById: admin.id },
    });
    const returned = await get("PERSONAL");
    expect(returned.decisionNote).toMatchObject({ kind: "RETURNED", reason: "Please correct your address.", sections: ["PERSONAL"] });
    expect(returned.decisionNote).toEqual(await decisionNote(id, stored.appointmentStatusCode));
    const { view } = await get("FEES");
    const { view: personal } = await get("PERSONAL");
    const questions = await prisma.question.findMany({
      where: { questionType: "QUES_TYP_PERSONAL", isActive: true, isTextOnly: false },
      orderBy: [{ sortOrder: "asc" }, { questionId: "asc" }],
    });
    expect(questions.length).toBeGreaterThan(0);
    expect(personal.questions.map((q) => [q.questionId, q.questionText])).toEqual(questions.map((q) => [q.questionId, q.questionText]));
    const fees = await prisma.stateFee.findMany({ orderBy: [{ sortOrder: "asc" }, { stateCode: "asc" }], include: { rule: { select: { appointmentTiming: true } } } });
    expect(fees.length).toBeGreaterThan(0);
    expect(view.stateFees).toEqual(
      fees.map((f) => ({
        stateFeeId: f.stateFeeId,
        stateCode: f.stateCode,
        stateName: f.stateName,
        residentFeeAmount: Number(f.residentFeeAmount.toString()),
        nonResidentFeeAmount: Number(f.nonResidentFeeAmount.toString()),
        isPreAppointment: f.rule?.appointmentTiming === "PRE_APPOINTMENT",
      })),
    );
    // Each section's loader data carry only the catalogues it shows (the questions on Personal
    // Information, the fees on State Fees, the states where there is a state drop-down).
    const states = fees.map((f) => ({ stateCode: f.stateCode, stateName: f.stateName }));
    for (const section of ["PERSONAL", "COMMS", "FEES", "AGREEMENTS", "DOCS", "INSTRUCT"]) {
      const { view: v } = await get(section);
      expect(v.questions.length > 0, section).toBe(section === "PERSONAL");
      expect(v.stateFees.length > 0, section).toBe(section === "FEES");
      expect(v.states, section).toEqual(["PERSONAL", "COMMS", "FEES"].includes(section) ? states : []);
    }
  });
});

describe("the stored completion (decision 0061)", () => {
  /** The screen's loader for the prospect, and the completion computed afresh from the same data and context. */
  async function screen(cookie: string, id: number, section = "PERSONAL") {
    const request = new Request(`${APP_URL}/appoint?id=${id}&section=${section}`, { headers: { Cookie: cookie } });
    const counted = await countStatements(() => appointLoader({ request, params: {}, context: {} }));
    const s = counted.value;
    const fresh = completion(s.data, { ...s.context, now: new Date(s.context.now) } as ValidationContext);
    return { statements: counted.count, shown: s.completion, fresh: { percent: fresh.percent, complete: fresh.complete, deficiencies: fresh.deficiencies } };
  }
  const storedKey = async (id: number) => (await prisma.appointmentCompletion.findUnique({ where: { appointmentId: id } }))?.completionKey ?? null;

  it("is computed once per change of what it reads, stored, and shows what completion() gives", async () => {
    const { user, id } = await filledIn(world, "APPTTYP_IND");
    const empty = await newApplication(world);
    const cookie = await cookieOf(user.id);
    const emptyCookie = await cookieOf(empty.user.id);
    await screen(cookie, id); // the session's last-seen touch is not counted
    await screen(emptyCookie, empty.id);

    for (const [c, appId] of [[cookie, id], [emptyCookie, empty.id]] as const) {
      await prisma.appointmentCompletion.deleteMany({ where: { appointmentId: appId } });
      const first = await screen(c, appId);
      expect(first.statements, "computed and stored").toBe(SCREEN_STATEMENTS + 1);
      expect(first.shown).toEqual(first.fresh);
      const again = await screen(c, appId);
      expect(again.statements, "read with the application").toBe(SCREEN_STATEMENTS);
      expect(again.shown).toEqual(again.fresh);
      expect(again.shown).toEqual(first.shown);
    }
    const complete = await screen(cookie, id);
    expect(complete.shown.percent).toBe(100);
    const blank = await screen(emptyCookie, empty.id);
    expect(blank.shown.percent).toBeLessThan(100);
    expect(blank.shown.deficiencies.length).toBeGreaterThan(0);

    // A save: the next render computes it again.
    const keyBefore = await storedKey(id);
    expect(await post(cookie, id, save("Jordana", ""))).toMatchObject({ status: 200, dialog: "saved" });
    const edited = await screen(cookie, id);
    expect(await storedKey(id)).not.toBe(keyBefore);
    expect(edited.shown).toEqual(edited.fresh);

    // Reference data: a new personal question makes every application's stored completion stale.
    const question = await prisma.question.create({
      data: { questionText: "Have you ever held a license under another name?", questionType: "QUES_TYP_PERSONAL", sortOrder: 999, isActive: true, isTextOnly: false },
    });
    try {
      const withQuestion = await screen(cookie, id);
      expect(withQuestion.statements).toBe(SCREEN_STATEMENTS + 1);
      expect(withQuestion.shown).toEqual(withQuestion.fresh);
      expect(withQuestion.shown.complete.PERSONAL).toBe(false);
    } finally {
      await prisma.question.delete({ where: { questionId: question.questionId } });
    }
    const back = await screen(cookie, id);
    expect(back.shown).toEqual(back.fresh);
    expect(back.shown.complete.PERSONAL).toBe(true);

    // Another day (the rules that compare with today): computed again.
    const key = await storedKey(id);
    const tomorrow = new Date(Date.now() + 86_400_000);
    const later = await countStatements(() => loadApplication(user, id, { now: tomorrow }));
    expect(later.count, "the application, the catalogues, the store").toBe(3);
    expect(await storedKey(id)).not.toBe(key);
  });
});
