// The retention queue (/admin/retention, decision 0120), without JavaScript, on a portal of its own:
// what the nightly erasure takes within 30 days by its own rule (an abandoned application 10 days
// before its day, a rejected one past it, a held one flagged), nothing in progress or far off; the
// erased and held counts; the compliance officer and an administrator see it, a director does not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUEUE_MESSAGES as M } from "~/features/retention/messages";
import { prisma } from "~/lib/db.server";
import { formatDate } from "~/lib/format";
import { startApp, type AppHandle } from "../support/app-server";
import { visitorSignIn } from "../support/app-sign-in";
import { DEMO } from "../support/browser";
import { useTestDatabase } from "../support/db";
import { createAppointment, createUser } from "../support/factories";
import { buildIfStale } from "../support/global-app";

const db = useTestDatabase();
const DAY = 86_400_000;
let app: AppHandle;
const ids: Record<string, number> = {};
const dayIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

beforeAll(async () => {
  buildIfStale();
  app = await startApp({ databaseUrl: db.url });
  const plant = async (key: string, status: string, at: Date, first: string) => {
    const user = await createUser(prisma, { userName: `${key}@example.com` });
    const a = await createAppointment(prisma, { userId: user.id, personal: { firstName: first, lastName: "Queue" } });
    await prisma.appointment.update({
      where: { appointmentId: a.appointmentId },
      data: { appointmentStatusCode: status, ...(status === "APWF_STATUS_ABANDONED" ? { abandonedAt: at } : status === "APWF_STATUS_REJECTED" ? { rejectedAt: at, rejectionReason: "Not licensed" } : {}) },
    });
    ids[key] = a.appointmentId;
    return user;
  };
  // The default schedule: 730 days for an abandoned or rejected applicant.
  await plant("soon", "APWF_STATUS_ABANDONED", new Date(Date.now() - 720 * DAY), "Soon");
  await plant("past", "APWF_STATUS_REJECTED", new Date(Date.now() - 731 * DAY), "Past");
  const held = await plant("held", "APWF_STATUS_ABANDONED", new Date(Date.now() - 725 * DAY), "Held");
  await plant("far", "APWF_STATUS_ABANDONED", new Date(Date.now() - 100 * DAY), "Far");
  await plant("open", "APWF_STATUS_INCOMPLETE", new Date(Date.now() - 900 * DAY), "Open");
  const admin = await prisma.user.findFirstOrThrow({ where: { userName: DEMO.admin } });
  await prisma.legalHold.create({ data: { userId: held.id, subject: "held@example.com", reason: "Matter 2026-17", placedById: admin.id } });
}, 300_000);
afterAll(async () => {
  await app?.dispose();
});

describe("the retention queue", () => {
  it("lists what falls due within 30 days by the erasure's rule, the held one flagged; the officer sees it", async () => {
    const { visitor: officer } = await visitorSignIn(app, DEMO.compliance);
    const page = await officer.get(`${app.url}/admin/retention`);
    expect(page.status).toBe(200);
    expect(page.heading()).toBe(M.title);
    const rows = page.rows().filter((r) => r.some((c) => /^APP-/.test(c)));
    expect(rows.map((r) => r[0])).toEqual([`APP-${ids.past}`, `APP-${ids.held}`, `APP-${ids.soon}`]);
    const byRef = (k: string) => rows.find((r) => r[0] === `APP-${ids[k]}`)!.join(" | ");
    expect(byRef("past")).toContain(M.overdue);
    expect(byRef("past")).toContain(formatDate(dayIn(-1)));
    expect(byRef("held")).toContain(M.held);
    expect(byRef("soon")).toContain(formatDate(dayIn(10)));
    expect(byRef("soon")).toContain("Soon Queue");
    expect(page.text()).toContain(M.holds(1));
    expect(page.text()).toContain(M.erased(0, 0));
    // The officer cannot manage holds: no link to them.
    expect(page.all("link", M.holdsLink)).toHaveLength(0);
  });

  it("an administrator sees it with the link to the holds; a director gets 403", async () => {
    const { visitor: admin } = await visitorSignIn(app, DEMO.admin);
    const page = await admin.get(`${app.url}/admin/retention`);
    expect(page.link(M.holdsLink)).toBe(`${app.url}/admin/legal-holds`);
    const { visitor: md } = await visitorSignIn(app, DEMO.marketingDirector);
    expect((await md.get(`${app.url}/admin/retention`)).status).toBe(403);
  });
});
