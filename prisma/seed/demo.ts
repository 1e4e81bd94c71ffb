// seedDemoData: the demo installation, created once (marker SystemSetting
// 'seed.demo.version') inside one transaction: carriers and blocks,
// commission schedules with levels, links and PDFs, a marketing director
// with a downline of 50+ agents over 4+ levels, an appointed agent, a
// prospect with an application in progress, an internal administrator,
// invitations and email templates. Demo users can sign in through the
// built-in identity provider with DEMO_PASSWORD.
import type { Agent, AppointmentLink, CommissionSchedule, ScheduleLevel, User } from "../../app/generated/prisma/client";
import { hashPassword } from "../../app/lib/password.server";
import { sealField } from "../../app/lib/crypto.server";
import { prisma } from "../../app/lib/db.server";
import { env } from "../../app/lib/env.server";
import { newLinkCode } from "../../app/features/links/codes";
import { APPOINTMENT_LINK_PREFIX } from "../../app/features/links/schema";
import { ensureCommissionScheduleDocuments } from "./documents";
import {
  createAgent,
  createAppointment,
  createCarrierWithBlocks,
  createCredential,
  createIdpAccount,
  createLicence,
  createInvitation,
  createSchedule,
  createUser,
  type Db,
} from "./factories";
import { address, companyName, createRandom, fakeSsn, FIRST_NAMES, LAST_NAMES, MIDDLE_INITIALS, phone, type Random } from "./random";
import { DEFAULT_INVITATION } from "./reference-data";
import { refreshStanding } from "../../app/features/licences/compliance.server";
import { dayOf } from "../../app/features/licences/status";
import { SEED_LOCK_KEY, TRANSACTION_OPTIONS, referenceDataSeededInThisProcess, seedReferenceData } from "./reference";

export const DEMO_SEED_MARKER = "seed.demo.version";
export const DEMO_SEED_VERSION = 1;

/** The one password of every demo account (documented in the README and the start-up banner). */
export const DEMO_PASSWORD = "Portal-Demo-2026!";

export const demoAccounts = [
  { email: "md@portal.localhost", role: "Marketing director (USRROLE_MD)", password: DEMO_PASSWORD },
  { email: "agent@portal.localhost", role: "Appointed agent (approved appointment)", password: DEMO_PASSWORD },
  { email: "prospect@portal.localhost", role: "Prospect (application in progress)", password: DEMO_PASSWORD },
  { email: "admin@portal.localhost", role: "Internal administrator (impersonation)", password: DEMO_PASSWORD },
  { email: "compliance@portal.localhost", role: "Compliance officer (USRROLE_COMPLIANCE: the audit log, read-only)", password: DEMO_PASSWORD },
] as const;

type DemoPerson = {
  email: string;
  givenName: string;
  middleName: string;
  familyName: string;
  phone: string;
  roleCode: string;
  isInternal?: boolean;
};

const PEOPLE: Record<"md" | "agent" | "prospect" | "admin" | "compliance", DemoPerson> = {
  md: { email: "md@portal.localhost", givenName: "Eleanor", middleName: "Grace", familyName: "Whitfield", phone: "8605550101", roleCode: "USRROLE_MD" },
  agent: { email: "agent@portal.localhost", givenName: "Daniel", middleName: "James", familyName: "Okafor", phone: "6145550102", roleCode: "USRROLE_AGENT" },
  prospect: { email: "prospect@portal.localhost", givenName: "Priya", middleName: "Lakshmi", familyName: "Raman", phone: "5125550103", roleCode: "USRROLE_PROSPECT" },
  admin: { email: "admin@portal.localhost", givenName: "Alex", middleName: "Jordan", familyName: "Morgan", phone: "8605550104", roleCode: "USRROLE_AGENT", isInternal: true },
  compliance: { email: "compliance@portal.localhost", givenName: "Morgan", middleName: "Ruth", familyName: "Castellanos", phone: "8605550105", roleCode: "USRROLE_COMPLIANCE" },
};

export const DEMO_CARRIERS = [
  {
    carrierCode: "MIAC",
    name: "Mutual Insurance Assurance Company",
    // Made-up NAIC company codes (the carriers are too): the appointment filings carry them.
    naicCompanyCode: "99101",
    companyNumber: "MI01",
    companyName: "Heritage Mutual - MIAC",
    blocks: [
      { blockNumber: 72, productTypeCode: "HEALTH" as const },
      { blockNumber: 87, productTypeCode: "HEALTH" as const },
      { blockNumber: 140, productTypeCode: "HEALTH" as const },
    ],
  },
  {
    carrierCode: "SLAC",
    name: "Standard Life Assurance Company",
    naicCompanyCode: "99102",
    companyNumber: "SL01",
    companyName: "Heritage Mutual - SLAC",
    blocks: [
      { blockNumber: 215, productTypeCode: "HEALTH" as const },
      { blockNumber: 216, productTypeCode: "HEALTH" as const },
      { blockNumber: 213, productTypeCode: "HEALTH" as const },
      { blockNumber: 501, productTypeCode: "LIFE" as const },
      { blockNumber: 502, productTypeCode: "LIFE" as const },
    ],
  },
];

export const DEMO_HEALTH_BLOCKS = [72, 87, 215, 216, 140, 213];
const MGA = "HM1850";
const MD_AGENT_NUMBER = "100001";

export type DemoSeedResult = { created: boolean };

/** Runs the demo seed once; later calls (marker present) create nothing. */
export async function seedDemoData(opts: { now?: Date } = {}): Promise<DemoSeedResult> {
  const marker = await prisma.systemSetting.findUnique({ where: { key: DEMO_SEED_MARKER } });
  if (marker) return { created: false };

  if (!referenceDataSeededInThisProcess()) await seedReferenceData();
  // Password hashing is slow on purpose: do it before the transaction.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`;
    if (await tx.systemSetting.findUnique({ where: { key: DEMO_SEED_MARKER } })) return { created: false };
    const started = Date.now();
    const summary = await seedDemoWith(tx, { passwordHash, now: opts.now ?? new Date() });
    if (process.env.SEED_TIMING === "1") console.log(`[seed] demo data in ${Date.now() - started} ms`);
    await tx.systemSetting.create({
      data: { key: DEMO_SEED_MARKER, value: { version: DEMO_SEED_VERSION, seededAt: (opts.now ?? new Date()).toISOString(), ...summary } },
    });
    return { created: true };
  }, TRANSACTION_OPTIONS);
}

type Schedules = Record<"miacHealth" | "miacSupplemental" | "slacHealth" | "slacLife" | "slacLifeRep", CommissionSchedule & { levels: ScheduleLevel[] }>;

async function seedDemoWith(tx: Db, { passwordHash, now }: { passwordHash: string; now: Date }) {
  const r = createRandom(1850);

  // 1. Carriers, companies, blocks.
  const carriers: Record<string, number> = {};
  for (const c of DEMO_CARRIERS) {
    const { carrier } = await createCarrierWithBlocks(tx, c);
    carriers[c.carrierCode] = carrier.carrierId;
  }

  // 2. Commission schedules with their levels.
  const miacHealth = await createSchedule(tx, { carrierId: carriers.MIAC, productTypeCode: "HEALTH", scheduleName: "MIAC Health Advantage", mgaCode: MGA, isBase: true });
  const schedules: Schedules = {
    miacHealth,
    miacSupplemental: await createSchedule(tx, { carrierId: carriers.MIAC, productTypeCode: "HEALTH", scheduleName: "MIAC Health Supplemental", mgaCode: MGA, baseScheduleId: miacHealth.scheduleId }),
    slacHealth: await createSchedule(tx, { carrierId: carriers.SLAC, productTypeCode: "HEALTH", scheduleName: "SLAC Health Select", mgaCode: MGA }),
    slacLife: await createSchedule(tx, { carrierId: carriers.SLAC, productTypeCode: "LIFE", scheduleName: "SLAC Life Legacy", mgaCode: MGA }),
    slacLifeRep: await createSchedule(tx, { carrierId: carriers.SLAC, productTypeCode: "LIFE", scheduleName: "SLAC Life Representative", mgaCode: MGA, enrollRep: true }),
  };

  // 3. Demo users and their identity-provider accounts (User.externalId = IdpAccount.id).
  const users = {} as Record<keyof typeof PEOPLE, User>;
  for (const [key, p] of Object.entries(PEOPLE) as Array<[keyof typeof PEOPLE, DemoPerson]>) {
    const account = await createIdpAccount(tx, {
      email: p.email,
      passwordHash,
      givenName: p.givenName,
      middleName: p.middleName,
      familyName: p.familyName,
      phoneNumber: p.phone,
    });
    users[key] = await createUser(tx, {
      userName: p.email,
      externalId: account.id,
      ssoUserId: account.id,
      userRoleCode: p.roleCode,
      isInternal: p.isInternal ?? false,
      firstName: p.givenName,
      middleName: p.middleName,
      lastName: p.familyName,
      phoneNumber: p.phone,
    });
  }

  // 4. The director's hierarchies: MIAC health 72 (the big one), SLAC health 215, SLAC life 501.
  const mdPlace = { address1: "1850 Founders Way", address2: "Floor 12", city: "Hartford", stateCode: "CT", zipCode: "06103" };
  const mdData = {
    agentNumber: MD_AGENT_NUMBER,
    mgaCode: MGA,
    hierarchyLevel: 1,
    agentType: "I",
    firstName: PEOPLE.md.givenName,
    middleName: PEOPLE.md.middleName,
    lastName: PEOPLE.md.familyName,
    email: PEOPLE.md.email,
    phoneNumber: PEOPLE.md.phone,
    businessName: "Whitfield Marketing Group LLC",
    businessPhone: "8605550150",
    ...mdPlace,
    businessAddress1: mdPlace.address1,
    businessAddress2: mdPlace.address2,
    businessCity: mdPlace.city,
    businessStateCode: mdPlace.stateCode,
    businessZipCode: mdPlace.zipCode,
    userId: users.md.id,
    personId: "00000000-0000-4000-8000-000000001850",
  };
  const mdHealth = await createAgent(tx, { ...mdData, blockNumber: 72, companyNumber: "MI01" });
  const mdSlacHealth = await createAgent(tx, { ...mdData, blockNumber: 215, companyNumber: "SL01" });
  const mdLife = await createAgent(tx, { ...mdData, blockNumber: 501, companyNumber: "SL01" });

  let nextNumber = 100002;
  const people: PersonRow[] = [];
  const tree72 = await buildTree(tx, r, { root: mdHealth, count: 56, maxLevel: 9, forceDepth: 4, people, nextNumber: () => String(nextNumber++), now });
  // Secondary hierarchies reuse some of the same people (same agent number, another block).
  await buildTree(tx, r, { root: mdLife, count: 12, maxLevel: 17, forceDepth: 3, people, reuse: true, now });
  await buildTree(tx, r, { root: mdSlacHealth, count: 8, maxLevel: 9, forceDepth: 2, people, reuse: true, now });

  // 5. Appointment links: the director has one link per level (2..max) of every schedule.
  const mdPositionFor = (s: CommissionSchedule) =>
    s.carrierId === carriers.MIAC ? mdHealth : s.productTypeId === schedules.slacLife.productTypeId ? mdLife : mdSlacHealth;
  const mdLinks = new Map<string, AppointmentLink>();
  const wanted = Object.values(schedules).flatMap((s) =>
    s.levels
      .filter((level) => level.levelNo > 1)
      .map((level) => ({ key: `${s.scheduleId}:${level.levelNo}`, recruiterAgentId: mdPositionFor(s).id, scheduleLevelId: level.scheduleLevelId, code: linkCode(r) })),
  );
  const createdLinks = await tx.appointmentLink.createManyAndReturn({
    data: wanted.map(({ key: _key, ...w }) => ({ ...w, linkPrefix: APPOINTMENT_LINK_PREFIX, createdById: users.md.id })),
  });
  for (const w of wanted) mdLinks.set(w.key, createdLinks.find((l) => l.code === w.code)!);
  const mdLink = (s: CommissionSchedule, levelNo: number) => mdLinks.get(`${s.scheduleId}:${levelNo}`)!;

  // 6. The appointed agent: an approved appointment through the director's MIAC link, level 5.
  const agentLevel = 5;
  const agentAddr = { address1: "455 Lakeview Ter", address2: null, city: "Columbus", stateCode: "OH", zipCode: "43215" };
  const agentPosition = await createAgent(tx, {
    parentId: mdHealth.id,
    agentNumber: String(nextNumber++),
    hierarchyLevel: agentLevel,
    firstName: PEOPLE.agent.givenName,
    middleName: PEOPLE.agent.middleName,
    lastName: PEOPLE.agent.familyName,
    email: PEOPLE.agent.email,
    phoneNumber: PEOPLE.agent.phone,
    npn: "18502026",
    residentLicenseNumber: "OH-1185023",
    residentLicenseState: "OH",
    ...agentAddr,
    userId: users.agent.id,
    licensedStates: ["OH", "IN", "KY"],
  });
  const approvedAt = daysBefore(now, 45);
  const agentLink = mdLink(schedules.miacHealth, agentLevel);
  const approved = await createAppointment(tx, {
    appointmentTypeCode: "APPTTYP_IND",
    appointmentStatusCode: "APWF_STATUS_APPROVED",
    userId: users.agent.id,
    appointmentLinkId: agentLink.appointmentLinkId,
    agentId: agentPosition.id,
    agentNumber: agentPosition.agentNumber,
    commissionRemitTypeCode: "COMRMT_TYP_PAPER",
    stateFeeAnswer: false,
    startDt: daysBefore(now, 60),
    submittedAt: daysBefore(now, 50),
    submittedById: users.agent.id,
    approvedAt,
    approvedById: users.admin.id,
    createdById: users.agent.id,
    personal: {
      firstName: PEOPLE.agent.givenName,
      middleName: PEOPLE.agent.middleName,
      lastName: PEOPLE.agent.familyName,
      ssn: "900551234",
      birthDate: new Date(Date.UTC(1984, 4, 17)),
      emailAddress: PEOPLE.agent.email,
      driverLicenseNumber: "OH9921843",
      nationalProducerNumber: "18502026",
      residentStateInsuranceLicenseNumber: "OH-1185023",
      residentStateCode: "OH",
      phoneNumber: PEOPLE.agent.phone,
      cellNumber: PEOPLE.agent.phone,
      sendCorrespondenceToCode: "R",
    },
    addresses: [{ addressTypeCode: "ADRTYP_HOME", ...agentAddr }],
  });
  await tx.appointmentCarrierBlock.updateMany({
    where: { appointmentId: approved.appointmentId },
    data: { agentId: agentPosition.id, agentNumber: agentPosition.agentNumber, companyNumber: agentPosition.companyNumber, blockNumber: agentPosition.blockNumber },
  });
  await tx.appointmentState.createMany({
    data: [
      { appointmentId: approved.appointmentId, stateCode: "OH", stateName: "Ohio", feeAmount: "20.00", isResident: true },
      { appointmentId: approved.appointmentId, stateCode: "IN", stateName: "Indiana", feeAmount: "10.00" },
    ],
  });
  // The agent recruits too: links for the levels below his own.
  await tx.appointmentLink.createMany({
    data: schedules.miacHealth.levels
      .filter((l) => l.levelNo > agentLevel)
      .map((level) => ({ recruiterAgentId: agentPosition.id, scheduleLevelId: level.scheduleLevelId, code: linkCode(r), createdById: users.agent.id })),
  });

  // 7. The prospect: invited by the director to SLAC Life level 12, application in progress.
  const prospectLink = mdLink(schedules.slacLife, 12);
  const defaultTemplate = await tx.emailTemplate.findUniqueOrThrow({ where: { systemCode: DEFAULT_INVITATION.systemCode } });
  const invitation = await createInvitation(tx, {
    appointmentLinkId: prospectLink.appointmentLinkId,
    inviterUserId: users.md.id,
    inviterAgentId: mdLife.id,
    prospectFirstName: PEOPLE.prospect.givenName,
    prospectLastName: PEOPLE.prospect.familyName,
    prospectEmailAddress: PEOPLE.prospect.email,
    prospectUserId: users.prospect.id,
    corrTemplateId: defaultTemplate.corrTemplateId,
    inviteText: renderDemoInvite(defaultTemplate.html, PEOPLE.prospect.givenName, PEOPLE.prospect.familyName, `${APPOINTMENT_LINK_PREFIX}${prospectLink.code}`),
    inviteDate: daysBefore(now, 12),
    status: "ACCEPTED",
    acceptedAt: daysBefore(now, 10),
  });
  const prospectAddr = { address1: "2210 Barton Springs Rd", address2: "Apt 4B", city: "Austin", stateCode: "TX", zipCode: "78704" };
  const inProgress = await createAppointment(tx, {
    appointmentTypeCode: "APPTTYP_IND",
    appointmentStatusCode: "APWF_STATUS_INCOMPLETE",
    userId: users.prospect.id,
    prospectEmailAddress: PEOPLE.prospect.email,
    appointmentLinkId: prospectLink.appointmentLinkId,
    invitationId: invitation.invitationId,
    startDt: daysBefore(now, 10),
    createdById: users.prospect.id,
    personal: {
      firstName: PEOPLE.prospect.givenName,
      middleName: PEOPLE.prospect.middleName,
      lastName: PEOPLE.prospect.familyName,
      ssn: "900781234",
      birthDate: new Date(Date.UTC(1990, 8, 3)),
      emailAddress: PEOPLE.prospect.email,
      nationalProducerNumber: "20261850",
      residentStateInsuranceLicenseNumber: "TX-2301850",
      residentStateCode: "TX",
      phoneNumber: PEOPLE.prospect.phone,
      sendCorrespondenceToCode: "R",
    },
    addresses: [{ addressTypeCode: "ADRTYP_HOME", ...prospectAddr }],
  });
  const personalQuestions = await tx.question.findMany({ where: { questionType: "QUES_TYP_PERSONAL" }, orderBy: { sortOrder: "asc" } });
  await tx.appointmentAnswer.createMany({
    data: personalQuestions.slice(0, 8).map((q) => ({
      appointmentId: inProgress.appointmentId,
      questionId: q.questionId,
      questionType: "QUES_TYP_PERSONAL",
      answerBoolean: false,
    })),
  });
  const texasFee = await tx.stateFee.findUnique({ where: { stateCode: "TX" } });
  if (texasFee) {
    await tx.appointmentState.create({
      data: { appointmentId: inProgress.appointmentId, stateFeeId: texasFee.stateFeeId, stateCode: "TX", stateName: "Texas", feeAmount: texasFee.residentFeeAmount, isResident: true },
    });
  }

  // 8. More of the director's recruiting: pending invitations, a multi-link invitation,
  //    paper applications in progress and one awaiting approval.
  const pending = [
    { first: "Jordan", last: "Lee", level: 6, schedule: schedules.miacHealth, days: 3 },
    { first: "Maria", last: "Santos", level: 8, schedule: schedules.slacHealth, days: 6 },
    { first: "Samuel", last: "Brooks", level: 14, schedule: schedules.slacLife, days: 20 },
  ];
  for (const p of pending) {
    const link = mdLink(p.schedule, p.level);
    await createInvitation(tx, {
      appointmentLinkId: link.appointmentLinkId,
      inviterUserId: users.md.id,
      inviterAgentId: link.recruiterAgentId,
      prospectFirstName: p.first,
      prospectLastName: p.last,
      prospectEmailAddress: `${p.first}.${p.last}@example.com`.toLowerCase(),
      corrTemplateId: defaultTemplate.corrTemplateId,
      inviteText: renderDemoInvite(defaultTemplate.html, p.first, p.last, `${APPOINTMENT_LINK_PREFIX}${link.code}`),
      inviteDate: daysBefore(now, p.days),
    });
  }
  const multi = await tx.multiLink.create({
    data: {
      code: linkCode(r),
      createdById: users.md.id,
      items: {
        create: [
          { appointmentLinkId: mdLink(schedules.miacHealth, 7).appointmentLinkId, sortOrder: 1 },
          { appointmentLinkId: mdLink(schedules.miacSupplemental, 7).appointmentLinkId, sortOrder: 2 },
        ],
      },
    },
  });
  await createInvitation(tx, {
    inviteTypeCode: "INVTYP_MULTI",
    multiLinkId: multi.multiLinkId,
    inviterUserId: users.md.id,
    inviterAgentId: mdHealth.id,
    prospectFirstName: "Grace",
    prospectLastName: "Kim",
    prospectEmailAddress: "grace.kim@example.com",
    corrTemplateId: defaultTemplate.corrTemplateId,
    inviteText: renderDemoInvite(defaultTemplate.html, "Grace", "Kim", `MLT${multi.code}`),
    inviteDate: daysBefore(now, 2),
  });
  // The NPNs given licences below (issue 23): NPN -> states. The demo prospect's, in Texas, so the
  // application can be approved once submitted.
  const licensedNpns = new Map<string, Set<string>>([["20261850", new Set(["TX"])]]);
  const paper = [
    { first: "Victor", last: "Alvarez", level: 9, status: "APWF_STATUS_INCOMPLETE", days: 30, ssn: fakeSsn(r) },
    { first: "Hannah", last: "Schultz", level: 7, status: "APWF_STATUS_NEWCONTRACT", days: 15, ssn: fakeSsn(r) },
  ];
  const paperNpn = "20261115";
  for (const p of paper) {
    const email = `${p.first}.${p.last}@example.com`.toLowerCase();
    const a = address(r);
    const awaiting = p.status === "APWF_STATUS_NEWCONTRACT";
    if (awaiting) licensedNpns.set(paperNpn, new Set([a.stateCode]));
    await createAppointment(tx, {
      appointmentTypeCode: "APPTTYP_IND",
      appointmentStatusCode: p.status,
      isPaperAppointment: true,
      submitterId: users.md.id,
      prospectEmailAddress: email,
      appointmentLinkId: mdLink(schedules.miacHealth, p.level).appointmentLinkId,
      startDt: daysBefore(now, p.days),
      submittedAt: p.status === "APWF_STATUS_NEWCONTRACT" ? daysBefore(now, p.days - 5) : null,
      createdById: users.md.id,
      personal: {
        firstName: p.first,
        lastName: p.last,
        ssn: p.ssn,
        emailAddress: email,
        phoneNumber: phone(r, a.place.area),
        // The one awaiting approval has an NPN with a licence (below): the demo's approval goes through.
        ...(awaiting ? { nationalProducerNumber: paperNpn } : {}),
        residentStateCode: a.stateCode,
        sendCorrespondenceToCode: "R",
      },
      addresses: [{ addressTypeCode: "ADRTYP_HOME", address1: a.address1, address2: a.address2, city: a.city, stateCode: a.stateCode, zipCode: a.zipCode }],
    });
  }

  // 9. The director's own email template, and notification preferences.
  await tx.emailTemplate.create({
    data: {
      templateTypeId: 1003,
      userId: users.md.id,
      name: "Whitfield Team Invitation",
      description: "My invitation for new health and life agents, based on the Default Invitation.",
      subject: "Join the Whitfield Marketing Group team",
      html: DEFAULT_INVITATION.html.replace(
        "<p>If you have any questions",
        "<p>Our team meets every Tuesday at 10 a.m. for training; you are welcome to join before your appointment is approved.</p>\n<p>If you have any questions",
      ),
    },
  });
  await tx.notificationSubscriber.create({
    data: {
      userId: users.md.id,
      preferences: {
        create: [
          { categoryCode: "CAT_APPSUB_RECRUIT", methodCode: "EMAIL_EVT", isEnabled: true, preferenceValue: PEOPLE.md.email },
          { categoryCode: "CAT_APPAPRV_RECRUIT", methodCode: "EMAIL_EVT", isEnabled: true, preferenceValue: PEOPLE.md.email },
          { categoryCode: "CAT_APPSUB_RECRUIT_DOWNLN", methodCode: "SMS_EVT", isEnabled: true, preferenceValue: PEOPLE.md.phone },
        ],
      },
    },
  });

  // 10. Commission schedule PDFs (one per schedule, linked from every level).
  await ensureCommissionScheduleDocuments(tx);

  // 10b. Licences and E&O (issue 23, decisions 0068 and 0070): every active agent's NPN holds a
  //     licence (life and accident & health, a year to run) in each state it is appointed in, and
  //     an E&O; the applicants above too. Then the standing of every position (all in good order).
  const appointed = await tx.agentLicensedState.findMany({ where: { agent: { isActive: true } }, select: { stateCode: true, agent: { select: { npn: true } } } });
  for (const a of appointed) {
    const npn = a.agent.npn?.trim();
    if (npn) licensedNpns.set(npn, (licensedNpns.get(npn) ?? new Set()).add(a.stateCode));
  }
  const expiryDate = dayOf(daysBefore(now, -365));
  for (const [npn, states] of licensedNpns) {
    for (const stateCode of [...states].sort()) await createLicence(tx, { npn, stateCode, licenceNumber: `${stateCode}-${npn}`, expiryDate });
    await createCredential(tx, { npn, kind: "EO", expiryDate });
  }
  const active = await tx.agent.findMany({ where: { isActive: true }, select: { id: true } });
  await refreshStanding(tx, active.map((a) => a.id), dayOf(now));

  // 11. The next agent number continues after the demo numbers.
  await tx.counter.upsert({
    where: { name: "agent_number" },
    create: { name: "agent_number", value: BigInt(nextNumber - 1) },
    update: {},
  });

  return { agents: await tx.agent.count(), mainTreeAgents: tree72.length };
}

type PersonRow = {
  agentNumber: string;
  personId: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  companyName: string | null;
  agentType: string;
  email: string;
  phoneNumber: string;
  addr: ReturnType<typeof address>;
  npn: string;
  ssn: string;
};

/**
 * Builds a downline of `count` agents under `root`. The first `forceDepth`
 * agents form a chain so the tree is at least that deep; the rest pick a
 * random parent whose depth leaves room below. A few are corporations with a
 * principal agent, a few were deactivated in the last 12 months.
 */
async function buildTree(
  tx: Db,
  r: Random,
  opts: {
    root: Agent;
    count: number;
    maxLevel: number;
    forceDepth: number;
    people: PersonRow[];
    reuse?: boolean;
    nextNumber?: () => string;
    now: Date;
  },
): Promise<Agent[]> {
  const nodes: Array<{ agent: Agent; depth: number }> = [{ agent: opts.root, depth: 0 }];
  const created: Agent[] = [];
  for (let i = 0; i < opts.count; i++) {
    const parentNode =
      i < opts.forceDepth
        ? nodes[nodes.length - 1]
        : r.pick(nodes.filter((n) => n.depth < opts.forceDepth && n.agent.hierarchyLevel < opts.maxLevel && n.agent.isActive));
    const depth = parentNode.depth + 1;
    const levelStep = opts.maxLevel >= 17 ? r.int(1, 3) : r.int(1, 2);
    const hierarchyLevel = Math.min(opts.maxLevel, parentNode.agent.hierarchyLevel + levelStep);

    let person: PersonRow;
    if (opts.reuse && i < opts.people.length) {
      person = opts.people[(i * 5) % opts.people.length];
    } else {
      const isCorp = i >= opts.forceDepth && r.chance(0.1);
      const first = r.pick(FIRST_NAMES);
      const last = r.pick(LAST_NAMES);
      const addr = address(r);
      const corp = isCorp ? companyName(r) : null;
      person = {
        agentNumber: opts.nextNumber ? opts.nextNumber() : String(200000 + i),
        personId: crypto.randomUUID(),
        firstName: isCorp ? null : first,
        middleName: isCorp ? null : r.pick(MIDDLE_INITIALS),
        lastName: isCorp ? null : last,
        companyName: corp,
        agentType: isCorp ? "C" : "I",
        email: isCorp
          ? `office@${corp!.toLowerCase().replace(/[^a-z]+/g, "").slice(0, 20)}.example.com`
          : `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, "") + `${r.int(1, 99)}@example.com`,
        phoneNumber: phone(r, addr.place.area),
        addr,
        npn: r.digits(8),
        ssn: fakeSsn(r),
      };
      opts.people.push(person);
    }
    // Deactivated: a few leaves-to-be, terminated within the last 12 months.
    const deactivated = i >= opts.forceDepth && !opts.reuse && r.chance(0.08);
    const s = sealField(person.ssn);
    const agent = await createAgentRow(tx, parentNode.agent.id, {
      agentNumber: person.agentNumber,
      personId: person.personId,
      mgaCode: opts.root.mgaCode,
      hierarchyLevel,
      agentType: person.agentType,
      firstName: person.firstName,
      middleName: person.middleName,
      lastName: person.lastName,
      companyName: person.companyName,
      businessName: person.companyName,
      businessTypeCode: person.agentType === "C" ? "W9BIZ_TYP_LLC" : null,
      email: person.email,
      phoneNumber: person.phoneNumber,
      npn: person.npn,
      residentLicenseNumber: `${person.addr.stateCode}-${person.npn.slice(0, 6)}`,
      residentLicenseState: person.addr.stateCode,
      ssnEncrypted: s.encrypted,
      ssnLast4: s.last4,
      address1: person.addr.address1,
      address2: person.addr.address2,
      city: person.addr.city,
      stateCode: person.addr.stateCode,
      zipCode: person.addr.zipCode,
      ...(person.agentType === "C"
        ? {
            businessAddress1: person.addr.address1,
            businessCity: person.addr.city,
            businessStateCode: person.addr.stateCode,
            businessZipCode: person.addr.zipCode,
            businessPhone: person.phoneNumber,
          }
        : {}),
      isActive: !deactivated,
      status: deactivated ? "TERMINATED" : "ACTIVE",
      terminationDate: deactivated ? daysBefore(opts.now, r.int(20, 340)) : null,
      licensedStates: [person.addr.stateCode, ...(r.chance(0.5) ? [r.pick(["OH", "IN", "FL", "GA", "TX"].filter((x) => x !== person.addr.stateCode))] : [])],
      principal:
        person.agentType === "C"
          ? {
              firstName: r.pick(FIRST_NAMES),
              lastName: r.pick(LAST_NAMES),
              phoneNumber: phone(r, person.addr.place.area),
              address1: person.addr.address1,
              city: person.addr.city,
              state: person.addr.stateCode,
              zip: person.addr.zipCode,
            }
          : undefined,
    });
    nodes.push({ agent, depth });
    created.push(agent);
  }
  return created;
}

function createAgentRow(tx: Db, parentId: number, data: Parameters<typeof createAgent>[1]): Promise<Agent> {
  return createAgent(tx, { ...data, parentId });
}

/**
 * A new random link code (100 bits, not from the seeded generator: demo codes
 * must not be predictable). `r` still advances as before so the rest of the
 * demo data stays the same.
 */
function linkCode(r: Random): string {
  for (let i = 0; i < 10; i++) r.int(0, 31);
  return newLinkCode();
}

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 86_400_000);
}

/** A plain rendering of the invitation for the stored copy of demo invitations. */
function renderDemoInvite(html: string, first: string, last: string, link: string): string {
  const url = `${env().appUrl}/${link}`;
  const values: Record<string, string> = {
    ProspectFirstName: first,
    ProspectLastName: last,
    CompanyName: "Heritage Mutual Life & Health",
    AppointmentLink: `<a href="${url}">${url}</a>`,
    AppointmentLinkRows: "",
    DocumentLinks: "",
    RecruiterName: `${PEOPLE.md.givenName} ${PEOPLE.md.familyName}`,
    RecruiterAgentNumber: MD_AGENT_NUMBER,
    RecruiterPhone: "(860) 555-0101",
    RecruiterEmail: PEOPLE.md.email,
    AgencyName: "Whitfield Marketing Group LLC",
    AgencyAddress1: "1850 Founders Way",
    AgencyAddress2: "Floor 12",
    AgencyCity: "Hartford",
    AgencyState: "CT",
    AgencyZip: "06103",
  };
  return html.replace(/\[\[(\w+)\]\]/g, (_, k: string) => values[k] ?? "");
}
