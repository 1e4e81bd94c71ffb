// The dashboard's pipeline card against a real PostgreSQL (decision 0027):
//  - the counts take only the user's downline (a sibling branch's and another
//    hierarchy's applications are not counted), only the last 90 days, and
//    the user's own invitations;
//  - the sparkline counts submissions per UTC week over the last 12 weeks;
//  - the filtered lists the counts link to (/inprog?status=&days=,
//    /invites?days=) answer the same rows, and a forged status or window is
//    refused with 400;
//  - a prospect without a position gets no card.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Agent, Appointment, User } from "~/generated/prisma/client";
import { weekStart } from "~/features/pipeline/chart";
import { getPipeline } from "~/features/pipeline/pipeline.server";
import { getDashboard } from "~/features/dashboard/dashboard.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { stopWorker } from "~/lib/jobs.server";
import { resetSecretsCache } from "~/lib/secrets.server";
import { createSession } from "~/lib/session.server";
import { loader as inprogLoader } from "~/routes/inprog";
import { loader as invitesLoader } from "~/routes/invites";
import { useTestDatabase } from "../support/db";
import { makeDownline } from "./downline-fixtures";
import {
  createAppointment,
  createAppointmentLink,
  createInvitation,
  createUser,
  seedReferenceData,
} from "../support/factories";

useTestDatabase();

const APP_URL = "http://localhost:3000";
const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const ago = (days: number) => new Date(now.getTime() - days * DAY);

type World = {
  md: Agent;
  b: Agent;
  mdUser: User;
  bUser: User;
  sUser: User;
  otherUser: User;
  prospectUser: User;
  apps: Record<string, Appointment>;
  bInvite: number;
};
let w: World;

const asUser = (u: User): CurrentUser => ({ ...u, impersonator: null }) as unknown as CurrentUser;

beforeAll(async () => {
  process.env.APP_URL = APP_URL;
  process.env.ENCRYPTION_KEY = "pipeline-test-key-0123456789abcdef0123456789";
  resetEnvCache();
  resetSecretsCache();
  await seedReferenceData();
  const { md, b, c, s, other, mdUser, bUser, sUser, otherUser, level } = await makeDownline({ carrierCode: "PPL", carrierName: "Pipeline Carrier", companyNumber: "PP01", blockNumber: 9701 });
  const prospectUser = await createUser(prisma, { userRoleCode: "USRROLE_PROSPECT", firstName: "Pro", lastName: "Spect" });

  const linkOf = async (a: Agent) => (await createAppointmentLink(prisma, { recruiterAgentId: a.id, scheduleLevelId: level(12) })).appointmentLinkId;
  const links = { b: await linkOf(b), c: await linkOf(c), s: await linkOf(s), other: await linkOf(other) };
  const app = (link: number, appointmentStatusCode: string, startDays: number, submittedDays?: number) =>
    createAppointment(prisma, {
      appointmentLinkId: link,
      appointmentTypeCode: "APPTTYP_IND",
      appointmentStatusCode,
      startDt: ago(startDays),
      submittedAt: submittedDays == null ? null : ago(submittedDays),
      prospectEmailAddress: `p${startDays}-${link}@example.com`,
    });
  const apps = {
    cIncomplete: await app(links.c, "APWF_STATUS_INCOMPLETE", 10),
    bAwaiting: await app(links.b, "APWF_STATUS_NEWCONTRACT", 20, 3),
    cApproved: await app(links.c, "APWF_STATUS_APPROVED", 30, 25),
    bAbandoned: await app(links.b, "APWF_STATUS_ABANDONED", 60),
    // Started before the 90-day window: not counted; submitted 13 weeks ago: not in the sparkline.
    cOld: await app(links.c, "APWF_STATUS_INCOMPLETE", 120),
    cOldApproved: await app(links.c, "APWF_STATUS_APPROVED", 110, 13 * 7 + 1),
    // The sibling branch: the director's, not b's.
    sIncomplete: await app(links.s, "APWF_STATUS_INCOMPLETE", 5),
    sAwaiting: await app(links.s, "APWF_STATUS_NEWCONTRACT", 6, 1),
    // Another hierarchy: never counted for md, b or s.
    otherApproved: await app(links.other, "APWF_STATUS_APPROVED", 8, 7),
    // Deleted: never counted.
    cDeleted: await createAppointment(prisma, { appointmentLinkId: links.c, appointmentTypeCode: "APPTTYP_IND", startDt: ago(4), isDeleted: true }),
    // A paper application b's user filled in (no recruiter position): b's, as in /inprog.
    paper: await createAppointment(prisma, { submitterId: bUser.id, isPaperAppointment: true, appointmentTypeCode: "APPTTYP_IND", startDt: ago(2), prospectEmailAddress: "paper@example.com" }),
  };

  const bInvite = await createInvitation(prisma, { inviterAgentId: b.id, inviterUserId: bUser.id, appointmentLinkId: links.b, inviteDate: ago(5) });
  await createInvitation(prisma, { inviterAgentId: b.id, inviterUserId: bUser.id, appointmentLinkId: links.b, inviteDate: ago(100) });
  await createInvitation(prisma, { inviterAgentId: b.id, inviterUserId: bUser.id, appointmentLinkId: links.b, inviteDate: ago(6), status: "APPOINTED" });
  await createInvitation(prisma, { inviterAgentId: c.id, appointmentLinkId: links.c, inviteDate: ago(5) });
  await createInvitation(prisma, { inviterAgentId: md.id, inviterUserId: mdUser.id, appointmentLinkId: links.b, inviteDate: ago(1) });
  w = { md, b, mdUser, bUser, sUser, otherUser, prospectUser, apps, bInvite: bInvite.invitationId };
});

afterAll(async () => {
  await stopWorker();
});

async function cookieOf(user: User): Promise<string> {
  const setCookie = await createSession(new Request(`${APP_URL}/`), { userId: user.id });
  return setCookie.split(";")[0]!;
}

type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

async function get(loader: Loader, user: User, path: string): Promise<{ status: number; data: Record<string, unknown> | null }> {
  const request = new Request(`${APP_URL}${path}`, { headers: { Cookie: await cookieOf(user) } });
  try {
    const r = (await loader({ request, params: {}, context: {} })) as { init?: { status?: number }; data?: unknown } | Record<string, unknown>;
    if (r && typeof r === "object" && "init" in r && "data" in r) return { status: (r.init as { status?: number } | null)?.status ?? 200, data: r.data as Record<string, unknown> };
    return { status: 200, data: r as Record<string, unknown> };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, data: null };
    const init = (e as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, data: null };
    throw e;
  }
}

describe("pipeline counts", () => {
  it("count only the downline, the last 90 days and the user's own invitations", async () => {
    const b = await getPipeline(w.bUser.id, now);
    expect(b.counts).toEqual({ invited: 1, inProgress: 2, awaiting: 1, approved: 1, abandoned: 1 });
    const md = await getPipeline(w.mdUser.id, now);
    // The sibling branch counts for the director; b's paper application (no position) does not, as in /inprog.
    expect(md.counts).toEqual({ invited: 1, inProgress: 2, awaiting: 2, approved: 1, abandoned: 1 });
    const s = await getPipeline(w.sUser.id, now);
    expect(s.counts).toEqual({ invited: 0, inProgress: 1, awaiting: 1, approved: 0, abandoned: 0 });
    const other = await getPipeline(w.otherUser.id, now);
    expect(other.counts).toEqual({ invited: 0, inProgress: 0, awaiting: 0, approved: 1, abandoned: 0 });
  });

  it("the 90-day window moves with the clock", async () => {
    // 61 days later the abandoned (started 60 days ago) is out, the in-progress one (10 days) is still in.
    const later = await getPipeline(w.bUser.id, new Date(now.getTime() + 31 * DAY));
    expect(later.counts.abandoned).toBe(0);
    expect(later.counts.inProgress).toBe(2);
  });

  it("the sparkline counts submissions per week over 12 weeks, the current week last", async () => {
    const b = await getPipeline(w.bUser.id, now);
    expect(b.weeks).toHaveLength(12);
    expect(b.weeks[11]!.week).toBe(weekStart(now).toISOString().slice(0, 10));
    const expected = new Map<string, number>();
    for (const d of [3, 25]) {
      const k = weekStart(ago(d)).toISOString().slice(0, 10);
      expected.set(k, (expected.get(k) ?? 0) + 1);
    }
    for (const wk of b.weeks) expect(wk.count, wk.week).toBe(expected.get(wk.week) ?? 0);
    expect(b.weeks.reduce((a, x) => a + x.count, 0)).toBe(2);
    const md = await getPipeline(w.mdUser.id, now);
    expect(md.weeks.reduce((a, x) => a + x.count, 0)).toBe(3);
    const other = await getPipeline(w.otherUser.id, now);
    expect(other.weeks.reduce((a, x) => a + x.count, 0)).toBe(1);
  });
});

describe("the dashboard", () => {
  it("shows the card to a director and an agent with a position, not to a prospect", async () => {
    expect((await getDashboard(asUser(w.mdUser), now, [])).pipeline?.counts.awaiting).toBe(2);
    expect((await getDashboard(asUser(w.bUser), now, [])).pipeline?.counts.inProgress).toBe(2);
    expect((await getDashboard(asUser(w.prospectUser), now, [])).pipeline).toBeNull();
  });
});

describe("the filtered lists the counts link to", () => {
  const ids = (d: Record<string, unknown> | null) => ((d?.rows ?? []) as { appointmentId: number }[]).map((r) => r.appointmentId).sort();

  it("/inprog?status=&days=90 answers the counted rows of each status", async () => {
    const q = (status: string) => `/inprog?status=${status}&days=90`;
    expect(ids((await get(inprogLoader, w.bUser, q("APWF_STATUS_INCOMPLETE"))).data)).toEqual([w.apps.cIncomplete!.appointmentId, w.apps.paper!.appointmentId].sort());
    expect(ids((await get(inprogLoader, w.bUser, q("APWF_STATUS_NEWCONTRACT"))).data)).toEqual([w.apps.bAwaiting!.appointmentId]);
    const approved = await get(inprogLoader, w.bUser, q("APWF_STATUS_APPROVED"));
    expect(ids(approved.data)).toEqual([w.apps.cApproved!.appointmentId]);
    expect((approved.data?.rows as { status: string }[])[0]!.status).toBe("Approved");
    expect(approved.data?.filterText).toBe("Approved applications started in the last 90 days");
    expect(ids((await get(inprogLoader, w.bUser, q("APWF_STATUS_ABANDONED"))).data)).toEqual([w.apps.bAbandoned!.appointmentId]);
    // The director sees the sibling branch; the sibling never sees b's.
    expect(ids((await get(inprogLoader, w.mdUser, q("APWF_STATUS_NEWCONTRACT"))).data)).toEqual([w.apps.bAwaiting!.appointmentId, w.apps.sAwaiting!.appointmentId].sort());
    expect(ids((await get(inprogLoader, w.sUser, q("APWF_STATUS_APPROVED"))).data)).toEqual([]);
    // Without days: any start date (the old incomplete one too); without status: the grid as before.
    expect(ids((await get(inprogLoader, w.bUser, "/inprog?status=APWF_STATUS_INCOMPLETE")).data)).toContain(w.apps.cOld!.appointmentId);
    const plain = await get(inprogLoader, w.bUser, "/inprog");
    expect(ids(plain.data)).toEqual([w.apps.cIncomplete!.appointmentId, w.apps.bAwaiting!.appointmentId, w.apps.cOld!.appointmentId, w.apps.paper!.appointmentId].sort());
    expect(plain.data?.filterText).toBeNull();
  });

  it("a forged status or window is refused with 400", async () => {
    for (const path of [
      "/inprog?status=APWF_STATUS_REJECTED",
      "/inprog?status=APWF_STATUS_INCOMPLETE'%20OR%201=1--",
      "/inprog?status=apwf_status_incomplete",
      "/inprog?status=APWF_STATUS_APPROVED&days=3650",
      "/invites?days=3650",
      "/invites?days=abc",
    ]) {
      expect((await get(path.startsWith("/inprog") ? inprogLoader : invitesLoader, w.bUser, path)).status, path).toBe(400);
    }
  });

  it("/invites?days=90 lists the counted invitations", async () => {
    const r = await get(invitesLoader, w.bUser, "/invites?days=90");
    expect(r.status).toBe(200);
    expect(((r.data?.rows ?? []) as { invitationId: number }[]).map((x) => x.invitationId)).toEqual([w.bInvite]);
    const all = await get(invitesLoader, w.bUser, "/invites");
    expect((all.data?.rows as unknown[]).length).toBe(2);
  });
});
