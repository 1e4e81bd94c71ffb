// Approval's own work (issue 11, decision 0028), run by approveApplication
// inside the decision transaction, under the application's row lock:
//  - the agent number: the person's existing number when they already hold
//    a position and it is free in every new hierarchy, else the next value
//    of the agent_number counter (UPDATE ... RETURNING, in the transaction)
//    in the AGENT_NUMBER_FORMAT, skipping numbers already used in the
//    company and block (agents' unique (agent_number, company, block));
//  - one agent position per person per hierarchy (decision 0048): the
//    application's lines (its carrier blocks: the link's or the multi-link's
//    lines, e.g. a base schedule and its siblings) are grouped by the company
//    and block of the line's recruiter position
//    (AppointmentLink.recruiterAgentId); each hierarchy gets one position
//    (the person's existing active one there, else a new one at the most
//    senior level of its lines, placed under that line's recruiter with its
//    closure rows, insertAgent); every line records the position;
//  - APWF_STATUS_APPROVED, the invitation APPOINTED, the fees recorded
//    (FeeCollection, PENDING), the appointment filings with the states
//    (decision 0109), the card erased, the user an agent, and a
//    paper prospect without an account invited to create one.
// Before anything is written (issue 23 item 4, decision 0070): the NPN must
// hold, in every state the application asks for, a valid licence with the line
// of authority its products need (licenceCheck -> status.ts approvalProblems);
// else the approval is refused (UNLICENSED, one reason per problem, audited).
import { randomUUID } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import { hashInvitationCode, USER_INVITATION_PREFIX } from "~/features/agents/user-invitations.server";
import { MT_FEE, PA_FEE } from "~/features/appointment/codes";
import { feesApply, isCorporateType, showsBusinessBlock } from "~/features/appointment/model";
import { flavourOf, typeOf } from "~/features/appointment/record.server";
import { eraseCardData } from "~/features/appointment/submit.server";
import { insertAgent } from "~/features/hierarchy/hierarchy.server";
import { jobOptions, queueJob } from "~/features/jobs/queue.server";
import { markInvitationAppointed } from "~/features/invitations/status.server";
import { newLinkCode } from "~/features/links/codes";
import { LICENCE_MESSAGES, reasonText } from "~/features/licences/messages";
import { refreshStanding } from "~/features/licences/compliance.server";
import { createFilingsForApproval } from "~/features/state-filings/filings.server";
import type { FeePayer } from "~/features/state-filings/fees";
import { feePaidByOfApplication } from "~/features/state-filings/fees.server";
import { licenceCheck } from "~/features/licences/rules.server";
import { screeningHold } from "~/features/screening/screening.server";
import { dayOf } from "~/features/licences/status";
import { actorOf, emitAgentEvents } from "~/features/webhooks/event-data.server";
import { env } from "~/lib/env.server";
import { formatAgentNumber } from "./agent-number";
import { approvedAccountEmail } from "./approved-account-email.server";
import { DECISION_MESSAGES } from "./decision-messages";
import { changeStatus, refuseDecision, type DecisionWork } from "./run-decision.server";

type Db = Prisma.TransactionClient;

export const AGENT_NUMBER_COUNTER = "agent_number";
export const ROLE_AGENT = "USRROLE_AGENT";
export const ROLE_PROSPECT = "USRROLE_PROSPECT";
/** How many counter values an approval may skip (numbers already used) before giving up. */
const MAX_SKIPS = 1000;

const lineSelect = {
  id: true,
  levelNo: true,
  appointmentLinkId: true,
  scheduleLevel: { select: { levelNo: true, schedule: { select: { mgaCode: true } } } },
  appointmentLink: { select: { recruiterAgentId: true, scheduleLevel: { select: { levelNo: true, schedule: { select: { mgaCode: true } } } } } },
} as const satisfies Prisma.AppointmentCarrierBlockSelect;

async function loadForApproval(tx: Db, appointmentId: number) {
  return tx.appointment.findUniqueOrThrow({
    where: { appointmentId },
    select: {
      appointmentId: true,
      appointmentTypeCode: true,
      invitationFlavour: true,
      userId: true,
      isPaperAppointment: true,
      prospectEmailAddress: true,
      mgaCode: true,
      recruiterAgentId: true,
      isPA: true,
      isMT: true,
      stateFeeAnswer: true,
      appointmentLink: { select: { recruiterAgentId: true } },
      user: { select: { id: true, userName: true, userRoleCode: true, firstName: true, middleName: true, lastName: true } },
      personal: true,
      addresses: true,
      states: { orderBy: { createdAt: "asc" } },
      carrierBlocks: { select: lineSelect, orderBy: [{ appointmentLinkId: "asc" }, { id: "asc" }] },
    },
  });
}
type ForApproval = Awaited<ReturnType<typeof loadForApproval>>;

/** The next value of the agent number counter (created at 1 when missing); the row stays locked until commit. */
async function nextCounterValue(tx: Db): Promise<bigint> {
  const rows = await tx.$queryRaw<Array<{ value: bigint }>>`
    INSERT INTO counters (name, value, updated_at) VALUES (${AGENT_NUMBER_COUNTER}, 1, now())
    ON CONFLICT (name) DO UPDATE SET value = counters.value + 1, updated_at = now()
    RETURNING value`;
  return BigInt(rows[0].value);
}

type Place = { companyNumber: string; blockNumber: number };

async function isTaken(tx: Db, agentNumber: string, places: Place[]): Promise<boolean> {
  const hit = await tx.agent.findFirst({
    where: { agentNumber, OR: places.map((p) => ({ companyNumber: p.companyNumber, blockNumber: p.blockNumber })) },
    select: { id: true },
  });
  return hit !== null;
}

/** A new agent number from the counter, free in every one of the places. */
export async function allocateAgentNumber(tx: Db, places: Place[], format = env().AGENT_NUMBER_FORMAT): Promise<string> {
  for (let i = 0; i < MAX_SKIPS; i++) {
    const n = formatAgentNumber(format, await nextCounterValue(tx));
    if (!(await isTaken(tx, n, places))) return n;
  }
  throw new Error(`allocateAgentNumber: no free agent number after ${MAX_SKIPS} tries`);
}

type Line = ForApproval["carrierBlocks"][number] & { parent: { id: number; companyNumber: string; blockNumber: number; mgaCode: string; hierarchyLevel: number } };

/** Each line with the recruiter position it goes under (the line's link, else the application's). */
async function linesWithParents(tx: Db, a: ForApproval): Promise<Line[]> {
  const fallback = a.recruiterAgentId ?? a.appointmentLink?.recruiterAgentId ?? null;
  const parentIdOf = (l: ForApproval["carrierBlocks"][number]) => l.appointmentLink?.recruiterAgentId ?? fallback;
  const ids = [...new Set(a.carrierBlocks.map(parentIdOf).filter((v): v is number => v != null))];
  const parents = new Map(
    (await tx.agent.findMany({ where: { id: { in: ids } }, select: { id: true, companyNumber: true, blockNumber: true, mgaCode: true, hierarchyLevel: true } })).map((p) => [p.id, p]),
  );
  const lines = a.carrierBlocks.map((l) => ({ ...l, parent: parents.get(parentIdOf(l) ?? -1)! }));
  if (lines.length === 0 || lines.some((l) => !l.parent)) refuseDecision("INVALID", DECISION_MESSAGES.noLines);
  return lines;
}

const AGENT_TYPE: Record<string, string> = { APPTTYP_CORP: "C", APPTTYP_VB_CORP: "C", APPTTYP_REP: "R", APPTTYP_PRIN: "P" };

/** The agent fields that come from the application (the same for every line). */
function personFields(a: ForApproval) {
  const p = a.personal;
  const t = { appointmentTypeCode: typeOf(a), flavour: flavourOf(a) };
  const business = showsBusinessBlock(t);
  const home = a.addresses.find((x) => x.addressTypeCode === "ADRTYP_HOME");
  const biz = business ? a.addresses.find((x) => x.addressTypeCode === "ADRTYP_BUSINESS") : undefined;
  return {
    agentType: AGENT_TYPE[a.appointmentTypeCode] ?? "I",
    firstName: p?.firstName ?? a.user?.firstName ?? null,
    middleName: p?.middleName ?? a.user?.middleName ?? null,
    lastName: p?.lastName ?? a.user?.lastName ?? null,
    companyName: isCorporateType(t.appointmentTypeCode) ? (p?.businessName ?? null) : null,
    email: (p?.emailAddress ?? a.user?.userName ?? a.prospectEmailAddress ?? null)?.toLowerCase() ?? null,
    phoneNumber: p?.phoneNumber ?? p?.cellNumber ?? null,
    faxNumber: p?.faxNumber ?? null,
    npn: p?.nationalProducerNumber ?? null,
    residentLicenseNumber: p?.residentStateInsuranceLicenseNumber ?? null,
    residentLicenseState: p?.residentStateCode ?? home?.stateCode ?? null,
    // Already encrypted with the same key: copied as stored, never decrypted here.
    ssnEncrypted: p?.ssnEncrypted ?? null,
    ssnLast4: p?.ssnLast4 ?? null,
    businessTypeCode: business ? (p?.businessTypeCode ?? null) : null,
    businessName: business ? (p?.businessName ?? null) : null,
    businessPhone: business ? (p?.businessPhone ?? null) : null,
    businessFax: business ? (p?.businessFaxNumber ?? null) : null,
    address1: home?.address1 ?? null,
    address2: home?.address2 ?? null,
    city: home?.city ?? null,
    stateCode: home?.stateCode ?? null,
    zipCode: home?.zipCode ?? null,
    businessAddress1: biz?.address1 ?? null,
    businessAddress2: biz?.address2 ?? null,
    businessCity: biz?.city ?? null,
    businessStateCode: biz?.stateCode ?? null,
    businessZipCode: biz?.zipCode ?? null,
  };
}

/** FeeCollection rows: one per chosen state, PA and MT when chosen; by card as the filings' fees are (feePaidBy, decision 0117). */
export function feeRows(a: Pick<ForApproval, "appointmentId" | "appointmentTypeCode" | "invitationFlavour" | "states" | "isPA" | "isMT" | "stateFeeAnswer">, paidBy: FeePayer) {
  const t = { appointmentTypeCode: typeOf(a), flavour: flavourOf(a) };
  if (!feesApply(t)) return [];
  const methodCode = paidBy === "CARD" ? "CARD" : "COMMISSION";
  const base = { appointmentId: a.appointmentId, methodCode, statusCode: "PENDING" };
  return [
    ...a.states.map((s) => ({ ...base, feeTypeCode: "STATE", stateCode: s.stateCode, amount: s.feeAmount })),
    ...(a.stateFeeAnswer && a.isPA ? [{ ...base, feeTypeCode: "PA", stateCode: null, amount: PA_FEE.toFixed(2) }] : []),
    ...(a.stateFeeAnswer && a.isMT ? [{ ...base, feeTypeCode: "MT", stateCode: null, amount: MT_FEE.toFixed(2) }] : []),
  ];
}

/** The invitation to create an account for a paper prospect without one (an EXT link onto the new positions). */
async function inviteToCreateAccount(tx: Db, a: ForApproval, agentId: number, agentNumber: string, adminUserId: string): Promise<string | null> {
  const email = (a.prospectEmailAddress ?? a.personal?.emailAddress)?.toLowerCase();
  if (!email) return null;
  const code = newLinkCode();
  const link = `${env().appUrl}/${USER_INVITATION_PREFIX}${code}`;
  const name = [a.personal?.firstName, a.personal?.lastName].filter(Boolean).join(" ") || email;
  const inv = await tx.userInvitation.create({
    data: { agentId, emailAddress: email, appointmentIds: [a.appointmentId], tokenHash: hashInvitationCode(code), createdById: adminUserId },
  });
  const { subject, html, text } = approvedAccountEmail({ name, agentNumber, link });
  const payload = { to: email, subject, html, text, relatedType: "UserInvitation", relatedId: inv.id };
  await queueJob(tx, "send-email", payload, jobOptions.userInvitationMail(inv.id));
  return inv.id;
}

/** The application's lines grouped by hierarchy (company and block), in line order. */
function byHierarchy(lines: Line[]): Array<{ place: Place; lines: Line[] }> {
  const groups = new Map<string, { place: Place; lines: Line[] }>();
  for (const l of lines) {
    const key = `${l.parent.companyNumber}:${l.parent.blockNumber}`;
    const g = groups.get(key) ?? { place: { companyNumber: l.parent.companyNumber, blockNumber: l.parent.blockNumber }, lines: [] };
    g.lines.push(l);
    groups.set(key, g);
  }
  return [...groups.values()];
}

const levelOf = (l: Line) => l.levelNo ?? l.scheduleLevel?.levelNo ?? l.appointmentLink?.scheduleLevel.levelNo ?? l.parent.hierarchyLevel + 1;

export async function approveWork(tx: Db, appointmentId: number, ctx: { adminUserId: string; now: Date }): Promise<DecisionWork> {
  const { adminUserId, now } = ctx;
  const licences = await licenceCheck(tx, appointmentId, dayOf(now));
  if (licences?.problems.length) {
    refuseDecision("UNLICENSED", LICENCE_MESSAGES.approvalRefused, {
      reasons: licences.problems.map(reasonText),
      audit: { action: "APPROVAL_REFUSED_UNLICENSED", details: { npn: licences.npn, states: licences.states, lines: licences.lines, problems: licences.problems } },
    });
  }
  // The background screening's hold (decision 0122): the one rule, screeningHold, also gives the screen's reason.
  const hold = await screeningHold(tx, appointmentId);
  if (hold) refuseDecision("SCREENING_HOLD", hold, { reasons: [hold], audit: { action: "APPROVAL_REFUSED_SCREENING", details: {} } });
  const a = await loadForApproval(tx, appointmentId);
  const groups = byHierarchy(await linesWithParents(tx, a));

  // One person appears once in one hierarchy (decision 0048): a hierarchy where the person already
  // holds an active position gets no second one; the new lines (schedules) join that position.
  // Two applications of one person approved at once take turns here (before the counter and the
  // hierarchy locks, so the order is the same for everyone), or both would create a position.
  if (a.userId) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`approve:person:${a.userId}`}))`;
  const existing = a.userId
    ? await tx.agent.findMany({
        where: { userId: a.userId, isActive: true, OR: groups.map((g) => g.place) },
        orderBy: { id: "asc" },
        select: { id: true, agentNumber: true, companyNumber: true, blockNumber: true },
      })
    : [];
  const existingIn = (p: Place) => existing.find((e) => e.companyNumber === p.companyNumber && e.blockNumber === p.blockNumber);
  const newPlaces = groups.map((g) => g.place).filter((p) => !existingIn(p));

  // One number for the person: the one they already hold when it is free in every new hierarchy.
  const held = a.userId
    ? await tx.agent.findFirst({ where: { userId: a.userId, isActive: true }, orderBy: { id: "asc" }, select: { agentNumber: true, personId: true } })
    : null;
  const newNumber =
    held && (newPlaces.length === 0 || !(await isTaken(tx, held.agentNumber, newPlaces))) ? held.agentNumber : await allocateAgentNumber(tx, newPlaces);
  const personId = held?.personId ?? randomUUID();
  const person = personFields(a);

  const agentIds: number[] = [];
  const createdIds: number[] = [];
  const numbers: string[] = [];
  for (const { place, lines } of groups) {
    // The position of one hierarchy: the person's existing one, else a new one at the most senior
    // level the lines give (the smallest level number; the first line on a tie), under that line's recruiter.
    let agent = existingIn(place);
    if (!agent) {
      const first = lines.reduce((best, l) => (levelOf(l) < levelOf(best) ? l : best), lines[0]);
      const mgaCode = first.scheduleLevel?.schedule.mgaCode ?? first.appointmentLink?.scheduleLevel.schedule.mgaCode ?? a.mgaCode ?? first.parent.mgaCode;
      agent = await insertAgent(
        tx,
        {
          ...person,
          agentNumber: newNumber,
          companyNumber: place.companyNumber,
          blockNumber: place.blockNumber,
          mgaCode,
          hierarchyLevel: levelOf(first),
          userId: a.userId,
          personId,
          createdById: adminUserId,
          updatedById: adminUserId,
        },
        first.parent.id,
      );
      createdIds.push(agent.id);
    }
    const agentId = agent.id;
    if (a.states.length) {
      await tx.agentLicensedState.createMany({
        data: a.states.map((s) => ({
          agentId,
          stateCode: s.stateCode,
          isResident: s.isResident,
          licenseNumber: s.isResident ? person.residentLicenseNumber : null,
        })),
        skipDuplicates: true,
      });
    }
    // Every line (schedule) of the hierarchy records the one position: the schedules it holds.
    await tx.appointmentCarrierBlock.updateMany({
      where: { id: { in: lines.map((l) => l.id) } },
      data: { agentId, agentNumber: agent.agentNumber, companyNumber: agent.companyNumber, blockNumber: agent.blockNumber },
    });
    agentIds.push(agentId);
    numbers.push(agent.agentNumber);
  }
  // The application's number is its first position's (the new number, or the one held there already).
  const agentNumber = numbers[0] ?? newNumber;

  await changeStatus(tx, appointmentId, {
    appointmentStatusCode: "APWF_STATUS_APPROVED",
    approvedAt: now,
    approvedById: adminUserId,
    agentId: agentIds[0],
    agentNumber,
    updatedById: adminUserId,
  });
  const invitationsAppointed = await markInvitationAppointed(tx, appointmentId);
  const fees = feeRows(a, await feePaidByOfApplication(tx, appointmentId));
  if (fees.length) await tx.feeCollection.createMany({ data: fees });
  // The appointments to file with the states (decision 0109): in this transaction, with the approval or not at all.
  const filings = await createFilingsForApproval(tx, appointmentId, agentIds, { now, actorId: adminUserId });
  const cardErased = await eraseCardData(tx, appointmentId);
  if (a.user && a.user.userRoleCode === ROLE_PROSPECT) {
    await tx.user.update({ where: { id: a.user.id }, data: { userRoleCode: ROLE_AGENT, updatedById: adminUserId } });
  }
  const accountInvitationId = a.userId ? null : await inviteToCreateAccount(tx, a, agentIds[0], agentNumber, adminUserId);
  // The new positions' standing now (decision 0068), not at the next nightly run: the compliance view,
  // the agent detail page and the invitations read it.
  await refreshStanding(tx, agentIds, dayOf(now), adminUserId);
  // agent.created for the new positions only (a position the person already held is not new).
  await emitAgentEvents(tx, "agent.created", createdIds, { actor: actorOf(adminUserId), source: "approval", application_id: appointmentId });

  return {
    statusCode: "APWF_STATUS_APPROVED",
    agentNumber,
    agentIds,
    details: { agentNumber, agentIds, invitationsAppointed, fees: fees.length, filings: filings.created, cardErased, accountInvitationId },
  };
}
