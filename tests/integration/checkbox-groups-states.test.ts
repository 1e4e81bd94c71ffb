// The application's chosen states, the one list /appoint takes repeated (issue 33 item 2: every
// list of a form is posted with several values): a States & Fees save through the route's action as
// the browser posts it without JavaScript (`states` once per state, tests/support/section-form.ts)
// stores every state. readForm takes `states` from SECTION_FORM_SCHEMAS, not from a hand-typed list.
import { describe, expect, it } from "vitest";
import { prisma } from "~/lib/db.server";
import { createSession } from "~/lib/session.server";
import { action as appointAction } from "~/routes/appoint";
import { useTestDatabase } from "../support/db";
import { sectionFormEntries } from "../support/section-form";
import { filledIn, useWorldWithJobs } from "./appointment-fixtures";

useTestDatabase();
const world = useWorldWithJobs();
const APP_URL = "http://localhost:3000";

describe("States & Fees without JavaScript", () => {
  it("saves three chosen states posted as three `states` fields", async () => {
    process.env.APP_URL = APP_URL;
    const { user, id, data } = await filledIn(world, "APPTTYP_IND");
    const codes = (await prisma.stateFee.findMany({ orderBy: { stateCode: "asc" }, take: 3, select: { stateCode: true } })).map((s) => s.stateCode);
    expect(codes).toHaveLength(3);
    const cookie = (await createSession(new Request(`${APP_URL}/`), { userId: user.id })).split(";")[0]!;
    const body = new URLSearchParams(sectionFormEntries({ section: "FEES", intent: "save", ...data.fees, states: codes }));
    expect(body.getAll("states")).toEqual(codes);
    const request = new Request(`${APP_URL}/appoint?id=${id}`, { method: "POST", body: body.toString(), headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: APP_URL } });
    const r = (await appointAction({ request, params: {}, context: {} })) as { init?: { status?: number }; data?: { dialog?: { kind: string; message: string } | null } };
    expect(r.data?.dialog?.kind, JSON.stringify(r.data?.dialog)).toBe("saved");
    expect((await prisma.appointmentState.findMany({ where: { appointmentId: id }, orderBy: { stateCode: "asc" } })).map((s) => s.stateCode)).toEqual(codes);
  });
});
