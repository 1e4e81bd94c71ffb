// The columns of the application's own tables, field by field as Prisma names
// them (prisma/schema.prisma), for statements written by hand that return
// rows as Prisma would (record.server.ts: the stored record in one
// statement). Each list must name every scalar field of its model: the
// `satisfies` checks make a field added to the schema and forgotten here a
// type error, and tests/integration/appointment-record.test.ts compares the
// result with Prisma's own.
import { Prisma } from "~/generated/prisma/client";
import { PREPARED } from "~/lib/db.server";
import type { Db } from "./record.server";
import type {
  Appointment,
  AppointmentAddress,
  AppointmentAnswer,
  AppointmentBankInfo,
  AppointmentCardInfo,
  AppointmentIrsInfo,
  AppointmentPersonal,
  AppointmentSignature,
  AppointmentState,
  CommissionRemitAssign,
} from "~/generated/prisma/client";

/** How a column comes back in JSON: as is, a timestamptz (→ Date), a date (→ Date at UTC midnight), a numeric (→ Decimal). */
type Kind = "ts" | "date" | "dec";
type Column = readonly [column: string, kind?: Kind];
type Columns<M> = { readonly [K in keyof M]-?: Column };

export const APPOINTMENT_COLUMNS = {
  appointmentId: ["appointment_id"],
  appointmentTypeCode: ["appointment_type_code"],
  appointmentStatusCode: ["appointment_status_code"],
  userId: ["user_id"],
  prospectEmailAddress: ["prospect_email_address"],
  submitterId: ["submitter_id"],
  isPaperAppointment: ["is_paper_appointment"],
  recruiterAgentId: ["recruiter_agent_id"],
  appointmentLinkId: ["appointment_link_id"],
  multiLinkId: ["multi_link_id"],
  invitationId: ["invitation_id"],
  invitationFlavour: ["invitation_flavour"],
  mgaCode: ["mga_code"],
  agentId: ["agent_id"],
  agentNumber: ["agent_number"],
  willFax: ["will_fax"],
  uploadedDt: ["uploaded_dt", "ts"],
  extraWritingNumRequested: ["extra_writing_num_requested"],
  stateFeeAnswer: ["state_fee_answer"],
  isPA: ["is_pa"],
  isMT: ["is_mt"],
  qnaComment: ["qna_comment"],
  commissionRemitTypeCode: ["commission_remit_type_code"],
  startDt: ["start_dt", "ts"],
  submittedAt: ["submitted_at", "ts"],
  submittedById: ["submitted_by_id"],
  approvedAt: ["approved_at", "ts"],
  approvedById: ["approved_by_id"],
  rejectedAt: ["rejected_at", "ts"],
  rejectedById: ["rejected_by_id"],
  rejectionReason: ["rejection_reason"],
  abandonedAt: ["abandoned_at", "ts"],
  erasedAt: ["erased_at", "ts"],
  isDeleted: ["is_deleted"],
  createdAt: ["created_at", "ts"],
  createdById: ["created_by_id"],
  updatedAt: ["updated_at", "ts"],
  updatedById: ["updated_by_id"],
} as const satisfies Columns<Appointment>;

export const PERSONAL_COLUMNS = {
  appointmentId: ["appointment_id"],
  firstName: ["first_name"],
  middleName: ["middle_name"],
  lastName: ["last_name"],
  ssnEncrypted: ["ssn_encrypted"],
  ssnLast4: ["ssn_last4"],
  birthDate: ["birth_date", "date"],
  emailAddress: ["email_address"],
  driverLicenseNumber: ["driver_license_number"],
  nationalProducerNumber: ["national_producer_number"],
  residentStateInsuranceLicenseNumber: ["resident_state_insurance_license_number"],
  residentStateCode: ["resident_state_code"],
  cellNumber: ["cell_number"],
  phoneNumber: ["phone_number"],
  faxNumber: ["fax_number"],
  businessTypeCode: ["business_type_code"],
  businessName: ["business_name"],
  businessCellNumber: ["business_cell_number"],
  businessPhone: ["business_phone"],
  businessFaxNumber: ["business_fax_number"],
  businessTaxIdEncrypted: ["business_tax_id_encrypted"],
  businessTaxIdLast4: ["business_tax_id_last4"],
  sendCorrespondenceToCode: ["send_correspondence_to_code"],
  updatedAt: ["updated_at", "ts"],
} as const satisfies Columns<AppointmentPersonal>;

export const ADDRESS_COLUMNS = {
  id: ["id"],
  appointmentId: ["appointment_id"],
  addressTypeCode: ["address_type_code"],
  address1: ["address1"],
  address2: ["address2"],
  city: ["city"],
  stateCode: ["state_code"],
  zipCode: ["zip_code"],
} as const satisfies Columns<AppointmentAddress>;

export const STATE_COLUMNS = {
  id: ["id"],
  appointmentId: ["appointment_id"],
  stateFeeId: ["state_fee_id"],
  stateCode: ["state_code"],
  stateName: ["state_name"],
  feeAmount: ["fee_amount", "dec"],
  isResident: ["is_resident"],
  createdAt: ["created_at", "ts"],
} as const satisfies Columns<AppointmentState>;

export const ANSWER_COLUMNS = {
  id: ["id"],
  appointmentId: ["appointment_id"],
  questionId: ["question_id"],
  questionType: ["question_type"],
  answerBoolean: ["answer_boolean"],
  answerText: ["answer_text"],
  updatedAt: ["updated_at", "ts"],
} as const satisfies Columns<AppointmentAnswer>;

export const SIGNATURE_COLUMNS = {
  id: ["id"],
  appointmentId: ["appointment_id"],
  signatureTypeCode: ["signature_type_code"],
  signatureValue: ["signature_value"],
  signedByUserId: ["signed_by_user_id"],
  actingUserId: ["acting_user_id"],
  signedAt: ["signed_at", "ts"],
  ipAddress: ["ip_address"],
  userAgent: ["user_agent"],
  acknowledgedText: ["acknowledged_text"],
  documentVersion: ["document_version"],
  createdAt: ["created_at", "ts"],
  updatedAt: ["updated_at", "ts"],
} as const satisfies Columns<AppointmentSignature>;

export const BANK_COLUMNS = {
  appointmentId: ["appointment_id"],
  bankName: ["bank_name"],
  accountNumberEncrypted: ["account_number_encrypted"],
  accountNumberLast4: ["account_number_last4"],
  routingNumberEncrypted: ["routing_number_encrypted"],
  routingNumberLast4: ["routing_number_last4"],
  accountName: ["account_name"],
  bankInfoTypeCode: ["bank_info_type_code"],
  accountTypeCode: ["account_type_code"],
  updatedAt: ["updated_at", "ts"],
} as const satisfies Columns<AppointmentBankInfo>;

export const CARD_COLUMNS = {
  appointmentId: ["appointment_id"],
  creditCardTypeCode: ["credit_card_type_code"],
  cardNumberEncrypted: ["card_number_encrypted"],
  cardLast4: ["card_last4"],
  expirationMonth: ["expiration_month"],
  expirationYear: ["expiration_year"],
  nameOnCard: ["name_on_card"],
  billingAddress: ["billing_address"],
  city: ["city"],
  stateCode: ["state_code"],
  zip: ["zip"],
  updatedAt: ["updated_at", "ts"],
} as const satisfies Columns<AppointmentCardInfo>;

export const REMIT_COLUMNS = {
  appointmentId: ["appointment_id"],
  agentAgencyName: ["agent_agency_name"],
  ssnTaxIdEncrypted: ["ssn_tax_id_encrypted"],
  ssnTaxIdLast4: ["ssn_tax_id_last4"],
  address1: ["address1"],
  address2: ["address2"],
  city: ["city"],
  stateCode: ["state_code"],
  zip: ["zip"],
  updatedAt: ["updated_at", "ts"],
} as const satisfies Columns<CommissionRemitAssign>;

export const IRS_COLUMNS = {
  appointmentId: ["appointment_id"],
  name: ["name"],
  businessName: ["business_name"],
  businessTypeCode: ["business_type_code"],
  businessTypeOther: ["business_type_other"],
  employerIdNumberEncrypted: ["employer_id_number_encrypted"],
  employerIdNumberLast4: ["employer_id_number_last4"],
  updatedAt: ["updated_at", "ts"],
} as const satisfies Columns<AppointmentIrsInfo>;

/**
 * `json_build_object('field', alias.column, …)` of the columns (numerics as text, so that no
 * digit is lost on the way to a Decimal). SQL text of our own, never input.
 */
export function jsonObjectOf(alias: string, columns: Record<string, Column>): string {
  return `json_build_object(${Object.entries(columns)
    .map(([field, [column, kind]]) => `'${field}', ${alias}.${column}${kind === "dec" ? "::text" : ""}`)
    .join(", ")})`;
}

/** A JSON object made by jsonObjectOf as Prisma returns the row: Dates and Decimals in place of their texts. */
export function rowFromJson<M>(json: Record<string, unknown>, columns: Columns<M>): M {
  for (const [field, kind] of typedFields(columns)) {
    const v = json[field];
    if (v == null) continue;
    json[field] = kind === "dec" ? new Prisma.Decimal(v as string) : new Date(v as string);
  }
  return json as M;
}

const typed = new WeakMap<object, Array<[string, Kind]>>();
/** The fields of a column list that are not taken as they come (Dates, Decimals). */
function typedFields(columns: Record<string, Column>): Array<[string, Kind]> {
  let t = typed.get(columns);
  if (!t) {
    t = Object.entries(columns).flatMap(([field, [, kind]]): Array<[string, Kind]> => (kind ? [[field, kind]] : []));
    typed.set(columns, t);
  }
  return t;
}

/**
 * Writes the 1:1 row of an application (`appointment_id` its key) as Prisma's
 * `upsert({ where: { appointmentId }, create: { appointmentId, ...data }, update: data })`
 * does, in one named prepared statement (PREPARED): the fields of `data` that are not undefined,
 * and updated_at (the models' @updatedAt). A save that changes a row paid about 2 to 3 ms of
 * CPU for Prisma's upsert (docs/performance.md 'Saves, third pass'). Values only as parameters;
 * the table and the column names are ours.
 */
export async function upsertApplicationRow<M>(
  db: Pick<Db, "$executeRawUnsafe">,
  table: string,
  columns: Columns<M>,
  appointmentId: number,
  data: { [K in keyof M]?: M[K] | null },
): Promise<void> {
  await upsertApplicationRows(db, appointmentId, [applicationRow(table, columns, data)]);
}

/** One 1:1 row of an application to write with upsertApplicationRows. */
export type ApplicationRow = { table: string; columns: Record<string, Column>; data: Record<string, unknown> };

export function applicationRow<M>(table: string, columns: Columns<M>, data: { [K in keyof M]?: M[K] | null }): ApplicationRow {
  return { table, columns: columns as Record<string, Column>, data: data as Record<string, unknown> };
}

/**
 * Several 1:1 rows of an application (upsertApplicationRow's upserts) in ONE statement: the
 * first ones as data-modifying WITH queries (each runs once, to completion), the last as the
 * statement itself; none for an empty list. A save that changes the names writes the personal
 * row and the W-9 row (its name follows the names) in one round trip instead of two.
 */
export async function upsertApplicationRows(db: Pick<Db, "$executeRawUnsafe">, appointmentId: number, rows: readonly ApplicationRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values: unknown[] = [appointmentId];
  const upserts = rows.map(({ table, columns, data }) => {
    const fields = Object.keys(data).filter((f) => data[f] !== undefined && f !== "appointmentId" && f !== "updatedAt");
    const names = fields.map((f) => columns[f]![0]);
    const params = fields.map((f) => `$${values.push(data[f])}`);
    return `INSERT INTO ${table} (${["appointment_id", ...names, "updated_at"].join(", ")})
    VALUES (${["$1", ...params, "now()"].join(", ")})
    ON CONFLICT (appointment_id) DO UPDATE SET ${[...names, "updated_at"].map((c) => `${c} = EXCLUDED.${c}`).join(", ")}`;
  });
  const last = upserts.pop()!;
  const sql = `${PREPARED} ${upserts.length ? `WITH ${upserts.map((u, i) => `w${i} AS (${u})`).join(", ")} ` : ""}${last}`;
  await db.$executeRawUnsafe(sql, ...values);
}
