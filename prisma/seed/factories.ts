// Factories shared by the seed and the tests (tests/support/factories.ts
// re-exports them). Each takes the client to write with, usually the client
// of a transaction, and gives sensible defaults for whatever is not passed.
import { randomBytes } from "node:crypto";
import type {
  Agent,
  Appointment,
  Block,
  Carrier,
  CommissionSchedule,
  Company,
  IdpAccount,
  Invitation,
  Prisma,
  ScheduleLevel,
  User,
} from "../../app/generated/prisma/client";
import { insertAgent, type NewAgentData } from "../../app/features/hierarchy/hierarchy.server";
import { defaultScheduleLevels, maxLevel } from "../../app/features/documents/commission-schedule-pdf.server";
import { sealField } from "../../app/lib/crypto.server";
import { isNaicCompanyCode } from "../../app/features/state-filings/naic";
import { newLinkCode } from "../../app/features/links/codes";
import { APPOINTMENT_LINK_PREFIX } from "../../app/features/links/schema";

export type Db = Prisma.TransactionClient;

let sequence = 0;
/** A number unique within this process (for default names and numbers). */
export function nextSequence(): number {
  return ++sequence;
}

/** A random code for links (upper-case letters and digits, no look-alikes). */
export function randomCode(length = 10): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

// ─────────────────────────────── users ───────────────────────────────

export type CreateUserInput = Partial<Prisma.UserUncheckedCreateInput>;

/** A user as after a sign-in with a verified email (pass emailVerified: false for an unverified one). */
export async function createUser(db: Db, input: CreateUserInput = {}): Promise<User> {
  const n = nextSequence();
  return db.user.create({
    data: {
      userName: (input.userName ?? `user${n}-${randomCode(4).toLowerCase()}@example.com`).toLowerCase(),
      firstName: `User${n}`,
      lastName: "Example",
      userRoleCode: "USRROLE_AGENT",
      isActive: true,
      emailVerified: true,
      ...input,
    },
  });
}

export type CreateIdpAccountInput = {
  email: string;
  passwordHash: string;
  givenName: string;
  familyName: string;
  middleName?: string | null;
  phoneNumber?: string | null;
  emailVerified?: boolean;
};

/** An account of the built-in identity provider. */
export async function createIdpAccount(db: Db, input: CreateIdpAccountInput): Promise<IdpAccount> {
  return db.idpAccount.create({
    data: { emailVerified: true, ...input, email: input.email.toLowerCase() },
  });
}

// ─────────────────────────────── carriers and blocks ───────────────────────────────

export const PRODUCT_TYPES = [
  { productTypeCode: "HEALTH", name: "Health", maxLevel: maxLevel("Health"), lineOfAuthority: "ACCIDENT_HEALTH" },
  { productTypeCode: "LIFE", name: "Life", maxLevel: maxLevel("Life"), lineOfAuthority: "LIFE" },
] as const;

/** Upserts the HEALTH and LIFE product types; returns their ids by code. */
export async function ensureProductTypes(db: Db): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const pt of PRODUCT_TYPES) {
    const row = await db.productType.upsert({
      where: { productTypeCode: pt.productTypeCode },
      create: { ...pt },
      update: { name: pt.name, maxLevel: pt.maxLevel, lineOfAuthority: pt.lineOfAuthority },
    });
    ids[pt.productTypeCode] = row.productTypeId;
  }
  return ids;
}

export type CreateCarrierInput = {
  carrierCode: string;
  name?: string;
  /** The NAIC company code (5 digits) the appointment filings carry (decision 0109). */
  naicCompanyCode?: string;
  /** The company of the carrier's hierarchies. */
  companyNumber?: string;
  companyName?: string;
  blocks: Array<{ blockNumber: number; productTypeCode: "HEALTH" | "LIFE"; name?: string }>;
};

/** Upserts a carrier, its company and its blocks. */
export async function createCarrierWithBlocks(
  db: Db,
  input: CreateCarrierInput,
): Promise<{ carrier: Carrier; company: Company; blocks: Block[] }> {
  const productTypes = await ensureProductTypes(db);
  const naic = input.naicCompanyCode;
  if (naic !== undefined && !isNaicCompanyCode(naic)) throw new Error(`createCarrierWithBlocks: NAIC company code must be 5 digits: ${JSON.stringify(naic)}`);
  const carrier = await db.carrier.upsert({
    where: { carrierCode: input.carrierCode },
    create: { carrierCode: input.carrierCode, name: input.name ?? input.carrierCode, naicCompanyCode: naic ?? null },
    update: { ...(input.name ? { name: input.name } : {}), ...(naic ? { naicCompanyCode: naic } : {}) },
  });
  const companyNumber = input.companyNumber ?? `${input.carrierCode.slice(0, 2)}01`;
  const company = await db.company.upsert({
    where: { companyNumber },
    create: { companyNumber, name: input.companyName ?? carrier.name, carrierId: carrier.carrierId },
    update: {},
  });
  const blocks: Block[] = [];
  for (const b of input.blocks) {
    blocks.push(
      await db.block.upsert({
        where: { blockNumber: b.blockNumber },
        create: {
          blockNumber: b.blockNumber,
          carrierId: carrier.carrierId,
          productTypeId: productTypes[b.productTypeCode],
          isHealth: b.productTypeCode === "HEALTH",
          name: b.name ?? `${input.carrierCode} ${b.productTypeCode === "HEALTH" ? "Health" : "Life"} ${b.blockNumber}`,
        },
        update: {},
      }),
    );
  }
  return { carrier, company, blocks };
}

// ─────────────────────────────── agents ───────────────────────────────

export type CreateAgentInput = Partial<NewAgentData> & {
  parentId?: number | null;
  /** Principal agent of a corporation (agentType C). */
  principal?: { firstName: string; lastName: string; phoneNumber?: string; address1?: string; city?: string; state?: string; zip?: string };
  /** Licensed states; the first is the resident state. */
  licensedStates?: string[];
};

/**
 * Creates an agent position through insertAgent (closure rows included).
 * Without blockNumber the parent's block is used, else a default MIAC
 * health block 72; company, MGA code and level follow the parent.
 */
export async function createAgent(db: Db, input: CreateAgentInput = {}): Promise<Agent> {
  const { parentId = null, principal, licensedStates, ...data } = input;
  const parent = parentId !== null ? await db.agent.findUniqueOrThrow({ where: { id: parentId } }) : null;
  let blockNumber = data.blockNumber ?? parent?.blockNumber;
  let companyNumber = data.companyNumber ?? (data.blockNumber === undefined ? parent?.companyNumber : undefined);
  if (blockNumber === undefined) {
    const { company } = await createCarrierWithBlocks(db, {
      carrierCode: "MIAC",
      name: "Mutual Insurance Assurance Company",
      companyNumber: "MI01",
      blocks: [{ blockNumber: 72, productTypeCode: "HEALTH" }],
    });
    blockNumber = 72;
    companyNumber ??= company.companyNumber;
  }
  if (companyNumber === undefined) {
    const block = await db.block.findUniqueOrThrow({
      where: { blockNumber },
      include: { carrier: { include: { companies: { orderBy: { companyNumber: "asc" }, take: 1 } } } },
    });
    companyNumber = block.carrier.companies[0]?.companyNumber;
    if (!companyNumber) throw new Error(`createAgent: carrier of block ${blockNumber} has no company`);
  }
  const n = nextSequence();
  const agent = await insertAgent(
    db,
    {
      agentNumber: String(700000 + n),
      mgaCode: parent?.mgaCode ?? "HM1850",
      hierarchyLevel: parent ? parent.hierarchyLevel + 1 : 1,
      agentType: "I",
      firstName: data.agentType === "C" ? null : `Agent${n}`,
      lastName: data.agentType === "C" ? null : "Example",
      ...data,
      blockNumber,
      companyNumber,
    },
    parentId,
  );
  if (principal) await db.principalAgent.create({ data: { agentId: agent.id, ...principal } });
  if (licensedStates?.length) {
    await db.agentLicensedState.createMany({
      data: licensedStates.map((stateCode, i) => ({
        agentId: agent.id,
        stateCode,
        isResident: i === 0,
        licenseNumber: i === 0 ? agent.residentLicenseNumber : null,
      })),
    });
  }
  return agent;
}

// ─────────────────────────────── schedules and links ───────────────────────────────

export type CreateScheduleInput = {
  carrierId: number;
  productTypeCode: "HEALTH" | "LIFE";
  scheduleName?: string;
  mgaCode?: string;
  isBase?: boolean;
  baseScheduleId?: number | null;
  enrollRep?: boolean;
  /** Defaults to the default levels of the product type (17 life, 9 health). */
  levels?: Array<{ levelNo: number; levelName: string }>;
};

export async function createSchedule(
  db: Db,
  input: CreateScheduleInput,
): Promise<CommissionSchedule & { levels: ScheduleLevel[] }> {
  const productTypes = await ensureProductTypes(db);
  const levels = input.levels ?? defaultScheduleLevels(input.productTypeCode === "LIFE" ? "Life" : "Health");
  return db.commissionSchedule.create({
    data: {
      scheduleName: input.scheduleName ?? `Schedule ${nextSequence()}`,
      carrierId: input.carrierId,
      mgaCode: input.mgaCode ?? "HM1850",
      productTypeId: productTypes[input.productTypeCode],
      isBase: input.isBase ?? false,
      baseScheduleId: input.baseScheduleId ?? null,
      levels: {
        create: levels.map((l) => ({ levelNo: l.levelNo, levelName: l.levelName, enrollRep: input.enrollRep ?? false })),
      },
    },
    include: { levels: { orderBy: { levelNo: "asc" } } },
  });
}

export type CreateAppointmentLinkInput = {
  recruiterAgentId: number;
  scheduleLevelId: number;
  code?: string;
  linkPrefix?: "APL" | "EXT" | "USR" | "MD";
  createdById?: string | null;
};

export async function createAppointmentLink(db: Db, input: CreateAppointmentLinkInput) {
  return db.appointmentLink.create({
    data: {
      linkPrefix: input.linkPrefix ?? APPOINTMENT_LINK_PREFIX,
      code: input.code ?? newLinkCode(),
      recruiterAgentId: input.recruiterAgentId,
      scheduleLevelId: input.scheduleLevelId,
      createdById: input.createdById ?? null,
    },
  });
}

// ─────────────────────────────── invitations and appointments ───────────────────────────────

export type CreateInvitationInput = Partial<Prisma.InvitationUncheckedCreateInput>;

/**
 * An invitation; the inviter's agent/company/block numbers are filled in
 * from inviterAgentId when given.
 */
export async function createInvitation(db: Db, input: CreateInvitationInput = {}): Promise<Invitation> {
  const n = nextSequence();
  let inviterNumbers = {};
  if (input.inviterAgentId) {
    const a = await db.agent.findUniqueOrThrow({ where: { id: input.inviterAgentId } });
    inviterNumbers = {
      inviterAgentNumber: a.agentNumber,
      inviterCompanyNumber: a.companyNumber,
      inviterBlockNumber: a.blockNumber,
    };
  }
  return db.invitation.create({
    data: {
      inviteTypeCode: input.multiLinkId ? "INVTYP_MULTI" : "INVTYP_SINGLE",
      prospectFirstName: `Prospect${n}`,
      prospectLastName: "Example",
      prospectEmailAddress: `prospect${n}@example.com`,
      ...inviterNumbers,
      ...input,
      ...(input.prospectEmailAddress ? { prospectEmailAddress: input.prospectEmailAddress.toLowerCase() } : {}),
    },
  });
}

export type CreateAppointmentInput = Partial<Prisma.AppointmentUncheckedCreateInput> & {
  /** Personal section; ssn and businessTaxId are encrypted. */
  personal?: Omit<Prisma.AppointmentPersonalUncheckedCreateWithoutAppointmentInput, "ssnEncrypted" | "ssnLast4"> & {
    ssn?: string | null;
    businessTaxId?: string | null;
  };
  addresses?: Array<Omit<Prisma.AppointmentAddressUncheckedCreateWithoutAppointmentInput, "id">>;
  /** Carrier/level lines; filled in from appointmentLinkId when omitted. */
  carrierBlocks?: Array<Omit<Prisma.AppointmentCarrierBlockUncheckedCreateWithoutAppointmentInput, "id">>;
};

export async function createAppointment(db: Db, input: CreateAppointmentInput = {}): Promise<Appointment> {
  const { personal, addresses, carrierBlocks, ...data } = input;
  let lines = carrierBlocks;
  if (!lines && data.appointmentLinkId) {
    const link = await db.appointmentLink.findUniqueOrThrow({
      where: { appointmentLinkId: data.appointmentLinkId },
      include: { scheduleLevel: { include: { schedule: true } } },
    });
    data.recruiterAgentId ??= link.recruiterAgentId;
    data.mgaCode ??= link.scheduleLevel.schedule.mgaCode;
    lines = [
      {
        appointmentLinkId: link.appointmentLinkId,
        scheduleLevelId: link.scheduleLevelId,
        carrierId: link.scheduleLevel.schedule.carrierId,
        levelNo: link.scheduleLevel.levelNo,
      },
    ];
  }
  let personalData: Prisma.AppointmentPersonalUncheckedCreateWithoutAppointmentInput | undefined;
  if (personal) {
    const { ssn, businessTaxId, ...rest } = personal;
    const s = sealField(ssn);
    const t = sealField(businessTaxId);
    personalData = {
      ...rest,
      emailAddress: rest.emailAddress?.toLowerCase() ?? null,
      ssnEncrypted: s.encrypted,
      ssnLast4: s.last4,
      businessTaxIdEncrypted: t.encrypted,
      businessTaxIdLast4: t.last4,
    };
  }
  return db.appointment.create({
    data: {
      appointmentTypeCode: "APPTTYP_IND",
      ...data,
      ...(data.prospectEmailAddress ? { prospectEmailAddress: data.prospectEmailAddress.toLowerCase() } : {}),
      personal: personalData ? { create: personalData } : undefined,
      addresses: addresses?.length ? { create: addresses } : undefined,
      carrierBlocks: lines?.length ? { create: lines } : undefined,
    },
  });
}

// ─────────────────────────────── licences and credentials (issue 23) ───────────────────────────────

export type CreateLicenceInput = Partial<Omit<Prisma.ProducerLicenceUncheckedCreateInput, "effectiveDate" | "expiryDate">> & {
  npn: string;
  stateCode: string;
  /** 'YYYY-MM-DD'; null: no expiry. Default: a year from today. */
  expiryDate?: string | null;
  effectiveDate?: string | null;
};

const dayDate = (d: string | null | undefined) => (d == null ? null : new Date(`${d}T00:00:00Z`));
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

/** A licence row as an import would leave it (no audit, no standing: tests and the seed call refreshStanding when they need it). */
export async function createLicence(db: Db, input: CreateLicenceInput) {
  const { expiryDate, effectiveDate, ...rest } = input;
  return db.producerLicence.create({
    data: {
      loaLife: true,
      loaAccidentHealth: true,
      source: "IMPORT",
      ...rest,
      effectiveDate: dayDate(effectiveDate === undefined ? "2020-01-01" : effectiveDate),
      expiryDate: dayDate(expiryDate === undefined ? inAYear() : expiryDate),
    },
  });
}

export type CreateCredentialInput = Partial<Omit<Prisma.ProducerCredentialUncheckedCreateInput, "effectiveDate" | "expiryDate">> & {
  npn: string;
  kind: "EO" | "AML" | "PRODUCT_TRAINING";
  expiryDate?: string;
  effectiveDate?: string | null;
};

/** A credential row (E&O: a policy number and a $1,000,000 limit unless given). */
export async function createCredential(db: Db, input: CreateCredentialInput) {
  const { expiryDate, effectiveDate, ...rest } = input;
  return db.producerCredential.create({
    data: {
      source: "IMPORT",
      ...(input.kind === "EO" ? { provider: "Example E&O Insurer", policyNumber: `EO-${nextSequence()}`, coverageLimit: "1000000" } : { provider: "Example Training", courseName: input.kind === "AML" ? "AML basics" : "Product course" }),
      ...rest,
      effectiveDate: dayDate(effectiveDate === undefined ? "2026-01-01" : effectiveDate),
      expiryDate: dayDate(expiryDate ?? inAYear())!,
    },
  });
}
