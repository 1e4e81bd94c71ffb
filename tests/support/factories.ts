// Factories for tests, the same ones the seed uses (prisma/seed/factories.ts).
// Each takes the Prisma client (or a transaction client) first:
//
//   import { prisma } from "~/lib/db.server";
//   import { createAgent, createUser } from "../support/factories";
//   const md = await createAgent(prisma, { hierarchyLevel: 1 });
//   const child = await createAgent(prisma, { parentId: md.id });   // closure rows included
export {
  createAgent,
  createAppointment,
  createAppointmentLink,
  createCarrierWithBlocks,
  createCredential,
  createLicence,
  createIdpAccount,
  createInvitation,
  createSchedule,
  createUser,
  ensureProductTypes,
  nextSequence,
  randomCode,
  type CreateAgentInput,
  type CreateAppointmentInput,
  type CreateAppointmentLinkInput,
  type CreateCarrierInput,
  type CreateCredentialInput,
  type CreateLicenceInput,
  type CreateIdpAccountInput,
  type CreateInvitationInput,
  type CreateScheduleInput,
  type CreateUserInput,
  type Db,
} from "../../prisma/seed/factories";
export { insertAgent } from "../../app/features/hierarchy/hierarchy.server";
export { DEMO_PASSWORD, demoAccounts, seedDemoData, seedReferenceData } from "../../prisma/seed";
