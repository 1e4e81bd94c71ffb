// Shared set-up for the appointment integration tests: reference data, a
// marketing director with a link, prospects, requests and section forms.
import type { User } from "~/generated/prisma/client";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { afterAll, expect } from "vitest";
import { saveSection } from "~/features/appointment/appointment.server";
import { createFromWizard } from "~/features/appointment/create.server";
import { validApplication } from "~/features/appointment/fixtures";
import { acceptEsignConsent } from "~/features/appointment/evidence.server";
import { DATA_SECTIONS, type AppointmentTypeCode } from "~/features/appointment/model";
import { SECTION_DATA_KEY, type ApplicationData } from "~/features/appointment/form-data";
import { seedReferenceDataWith } from "../../prisma/seed/reference";
import { createAgent, createAppointmentLink, createLicence, createSchedule, createUser } from "../support/factories";
import { withPeerAddress } from "~/lib/net.server";
import { stopWorker } from "~/lib/jobs.server";
import { madeBeforeAll } from "../support/before-all";
import { sectionFormEntries } from "../support/section-form";

export const IP = "203.0.113.7";
export const UA = "appointment-tests/1.0";

export function asUser(u: User, impersonator?: User): CurrentUser {
  return {
    id: u.id,
    userName: u.userName,
    firstName: u.firstName,
    middleName: u.middleName,
    lastName: u.lastName,
    phoneNumber: u.phoneNumber,
    userRoleCode: u.userRoleCode,
    isInternal: u.isInternal,
    emailVerified: u.emailVerified,
    impersonator: impersonator
      ? { id: impersonator.id, userName: impersonator.userName, firstName: impersonator.firstName, lastName: impersonator.lastName }
      : null,
  };
}

/** A request as our HTTP server hands it to Remix: from socket address IP. */
export function req(path = "/appoint"): Request {
  return withPeerAddress(new Request(`http://localhost${path}`, { method: "POST", headers: { "User-Agent": UA } }), IP);
}

/** A section's form data as the browser posts it (tests/support/section-form.ts). */
export function formDataOf(obj: object): FormData {
  const fd = new FormData();
  for (const [name, value] of sectionFormEntries(obj)) fd.append(name, value);
  return fd;
}

export type World = Awaited<ReturnType<typeof makeWorld>>;

/** Reference data, a marketing director (user + position) with a health schedule and a level-5 link. */
export async function makeWorld() {
  await seedReferenceDataWith(prisma);
  const mdUser = await createUser(prisma, { userRoleCode: "USRROLE_MD", firstName: "Morgan", lastName: "Director" });
  const md = await createAgent(prisma, { userId: mdUser.id, hierarchyLevel: 1, email: mdUser.userName, phoneNumber: "5125550000" });
  const block = await prisma.block.findUniqueOrThrow({ where: { blockNumber: md.blockNumber } });
  const schedule = await createSchedule(prisma, { carrierId: block.carrierId, productTypeCode: "HEALTH" });
  const level5 = schedule.levels.find((l) => l.levelNo === 5)!;
  const link = await createAppointmentLink(prisma, { recruiterAgentId: md.id, scheduleLevelId: level5.scheduleLevelId });
  const personalQuestions = await prisma.question.findMany({ where: { questionType: "QUES_TYP_PERSONAL" }, orderBy: { sortOrder: "asc" } });
  // The applicant of validApplication may be approved: a licence of its NPN in its state, both lines (decision 0070).
  await licensed();
  return { mdUser, md, schedule, level5, link, linkText: `APL${link.code}`, personalQuestions };
}

/**
 * Valid licences (life and accident & health, expiring in a year) of `npn` in `states`, for the
 * states not yet on record: an application of that NPN asking for those states may be approved.
 * Defaults: validApplication's NPN and states.
 */
export async function licensed(npn = validApplication().personal.nationalProducerNumber!, states: readonly string[] = validApplication().fees.states ?? []) {
  const have = new Set((await prisma.producerLicence.findMany({ where: { npn }, select: { stateCode: true } })).map((l) => l.stateCode));
  for (const stateCode of states) if (!have.has(stateCode)) await createLicence(prisma, { npn, stateCode });
}

/**
 * The world (makeWorld) for a file whose tests submit: made in beforeAll, and
 * the job worker that submitting starts stopped in afterAll.
 */
export function useWorldWithJobs(): World {
  afterAll(async () => {
    await stopWorker();
  });
  return madeBeforeAll("the world", makeWorld);
}

export async function newProspect(over: Partial<User> = {}) {
  return createUser(prisma, { userRoleCode: "USRROLE_PROSPECT", firstName: "Jordan", middleName: "Quinn", lastName: "Lee", phoneNumber: "(512) 555-0100", ...over });
}

/** Answers of every personal question (the fixtures number them 1..15; the database may not). */
export function withQuestions(data: ApplicationData, world: World): ApplicationData {
  return {
    ...data,
    personal: { ...data.personal, answers: world.personalQuestions.map((q) => ({ questionId: String(q.questionId), answer: "N" })) },
  };
}

export async function consent(user: CurrentUser, appointmentId: number) {
  const r = await acceptEsignConsent(user, appointmentId, req());
  if (!r.ok) throw new Error(r.message);
}

/** A new prospect's application (an individual) as the wizard creates it: nothing saved, no consent. */
export async function newApplication(world: World) {
  const user = asUser(await newProspect());
  const created = await createFromWizard(user, { link: world.linkText, appointmentTypeCode: "APPTTYP_IND" });
  if (!created.ok) throw new Error(created.message);
  return { user, id: created.appointmentId };
}

/** An application of the type with every section saved as the browser posts it (consent given). */
export async function filledIn(world: World, type: AppointmentTypeCode, documents = { willFax: true, extraWritingNumRequested: false }) {
  const { user, id } = await newApplication(world);
  await prisma.appointment.update({ where: { appointmentId: id }, data: { appointmentTypeCode: type } });
  await consent(user, id);
  const data = withQuestions(validApplication(type), world);
  data.documents = documents;
  for (const s of DATA_SECTIONS) {
    const r = await saveSection(user, id, s, formDataOf(data[SECTION_DATA_KEY[s]]), req());
    expect(r.saved, `${s}: ${JSON.stringify(r.reply.error)}`).toBe(true);
  }
  return { user, id, data };
}
