// The read API's response bodies (issue 24 item 2, decision 0076), in zod: every body is parsed by its
// schema before it is sent (read.server.ts send: a field that is not here never leaves, whatever a
// query selected), and the OpenAPI 3.1 document (openapi.server.ts) is generated from these same
// schemas. Sensitive numbers exist here only as `…_last4` (four digits): there is no field that could
// carry a full SSN, tax id, bank or card number.
import { z } from "zod";
import { appointmentFilingState, terminationState } from "~/features/webhooks/payloads";


/** The named schemas of the document's components (id → schema). */
export const apiSchemas = z.registry<{ id: string; description?: string }>();

const named = <T extends z.ZodType>(id: string, schema: T, description?: string): T => {
  apiSchemas.add(schema, description ? { id, description } : { id });
  return schema;
};

const instant = z.iso.datetime().describe("An instant, ISO 8601 in UTC");
const day = z.iso.date().describe("A calendar day, YYYY-MM-DD");
const last4 = z
  .string()
  .regex(/^[0-9A-Za-z]{1,4}$/)
  .describe("The last four characters of a sensitive number; the full number is never served");
const text = z.string().nullable();

export const ProblemSchema = named(
  "Problem",
  z.object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    parameter: z.string().optional().describe("The query parameter that was refused (400)"),
    field: z.string().optional().describe("The body's field that was refused (400)"),
  }),
  "An error, as RFC 9457 problem details (application/problem+json)",
);

export const AgentRefSchema = named("AgentRef", z.object({ id: z.int(), agent_number: z.string() }), "An agent position, by id and agent number");

export const EXPIRY_STATE_VALUES = ["VALID", "EXPIRING_60", "EXPIRING_30", "EXPIRING_7", "EXPIRED"] as const;

export const LicenceSchema = named(
  "License",
  z.object({
    state_code: z.string(),
    licence_number: text,
    licence_class: z.string(),
    resident: z.boolean(),
    lines_of_authority: z.array(z.enum(["LIFE", "ACCIDENT_HEALTH", "VARIABLE"])),
    status: z.string().describe("ACTIVE or INACTIVE, as the state reports it"),
    effective_date: day.nullable(),
    expiry_date: day.nullable().describe("null: no expiry (perpetual)"),
    expiry_state: z.enum(EXPIRY_STATE_VALUES),
  }),
  "A producer license of the agent's NPN in one state",
);

export const EoSchema = named(
  "ErrorsAndOmissions",
  z.object({
    provider: text,
    policy_number: text,
    coverage_limit: z.string().nullable().describe("Dollars, as a decimal string"),
    effective_date: day.nullable(),
    expiry_date: day,
    expiry_state: z.enum(EXPIRY_STATE_VALUES),
  }),
  "An errors-and-omissions coverage of the agent's NPN",
);

export const AgentSchema = named(
  "Agent",
  z.object({
    id: z.int(),
    agent_number: z.string(),
    company: z.object({ number: z.string(), name: z.string() }),
    block: z.object({ number: z.int(), name: text, carrier_code: z.string(), product_type: z.string() }),
    mga_code: z.string(),
    hierarchy_level: z.int().describe("1 is the top of the hierarchy"),
    agent_type: z.string().describe("C corporation, I individual, R representative, P principal"),
    upline: AgentRefSchema.nullable(),
    status: z.enum(["active", "deactivated"]),
    deactivated_on: day.nullable(),
    active_since: day.nullable(),
    first_name: text,
    middle_name: text,
    last_name: text,
    company_name: text,
    email: text,
    npn: text,
    ssn_last4: last4.nullable(),
    licences: z.array(LicenceSchema),
    errors_and_omissions: z.array(EoSchema),
    compliance: z.object({ standing: z.string(), next_expiry: day.nullable() }).nullable(),
    created_at: instant,
    updated_at: instant,
  }),
  "An agent position in a hierarchy",
);

const page = <T extends z.ZodType>(id: string, item: T) =>
  named(
    id,
    z.object({
      data: z.array(item),
      next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null: this was the last page"),
    }),
  );

export const AgentPageSchema = page("AgentPage", AgentSchema);

const address = z.object({ type: z.string(), address1: text, address2: text, city: text, state_code: text, zip_code: text });

export const ApplicationSchema = named(
  "Application",
  z.object({
    id: z.int(),
    type: z.string(),
    status: z.string(),
    status_label: z.string(),
    paper: z.boolean(),
    link_id: z.int().nullable(),
    multi_link_id: z.int().nullable(),
    invitation_id: z.int().nullable(),
    recruiter: AgentRefSchema.nullable(),
    agent: AgentRefSchema.nullable().describe("The position created on approval"),
    created_at: instant,
    updated_at: instant,
    started_at: instant,
    submitted_at: instant.nullable(),
    decided_at: instant.nullable(),
    approved_at: instant.nullable(),
    rejected_at: instant.nullable(),
    abandoned_at: instant.nullable(),
    erased_at: instant.nullable().describe("When the retention schedule erased the sensitive numbers, birth date and files (decision 0120)"),
    rejection_reason: text,
    sections: z.object({
      personal: z
        .object({
          first_name: text,
          middle_name: text,
          last_name: text,
          birth_date: day.nullable(),
          email: text,
          npn: text,
          resident_state_code: text,
          resident_licence_number: text,
          cell_number: text,
          phone_number: text,
          business_type_code: text,
          business_name: text,
          business_phone: text,
          ssn_last4: last4.nullable(),
          business_tax_id_last4: last4.nullable(),
          correspondence_to: text,
          addresses: z.array(address),
        })
        .nullable(),
      commissions: z.object({
        remit_type: text,
        bank: z
          .object({ bank_name: text, account_name: text, account_type: text, account_number_last4: last4.nullable(), routing_number_last4: last4.nullable() })
          .nullable(),
        assignment: z.object({ agency_name: text, ssn_tax_id_last4: last4.nullable(), address1: text, address2: text, city: text, state_code: text, zip_code: text }).nullable(),
        w9: z.object({ name: text, business_name: text, business_type_code: text, employer_id_last4: last4.nullable() }).nullable(),
      }),
      fees: z.object({
        states: z.array(z.object({ state_code: z.string(), state_name: z.string(), fee: z.string(), resident: z.boolean() })),
        card: z.object({ type: text, card_last4: last4.nullable() }).nullable(),
      }),
      agreements: z.object({ signatures: z.array(z.object({ type: z.string(), signed_at: instant.nullable() })) }),
      carrier_blocks: z.array(
        z.object({ carrier_id: z.int().nullable(), level: z.int().nullable(), agent: AgentRefSchema.nullable(), company_number: text, block_number: z.int().nullable() }),
      ),
    }),
    decisions: z.array(z.object({ decision: z.string(), reason: z.string(), sections: z.array(z.string()), decided_at: instant })),
  }),
  "An appointment application; sensitive numbers as their last four only",
);

export const ApplicationPageSchema = page("ApplicationPage", ApplicationSchema);

export const DocumentSchema = named(
  "Document",
  z.object({
    id: z.uuid(),
    type: z.string(),
    kind: z.enum(["UPLOAD", "GENERATED"]),
    title: z.string(),
    file_name: z.string(),
    byte_size: z.int(),
    version: z.int(),
    uploaded_at: instant,
    href: z.string().describe("GET it (scope read:documents) for the file, application/pdf"),
  }),
  "A document of an application: an upload or the generated application PDF",
);

export const DocumentListSchema = named("DocumentList", z.object({ data: z.array(DocumentSchema) }));

export const InvitationSchema = named(
  "Invitation",
  z.object({
    id: z.int(),
    type: z.string(),
    status: z.string().describe("INVITED, ACCEPTED, APPOINTED, DECLINED, SEND_FAILED"),
    link_id: z.int().nullable(),
    multi_link_id: z.int().nullable(),
    inviter: AgentRefSchema.nullable(),
    prospect_first_name: z.string(),
    prospect_last_name: z.string(),
    prospect_email: z.string(),
    external: z.boolean(),
    invited_at: instant,
    accepted_at: instant.nullable(),
    declined_at: instant.nullable(),
    created_at: instant,
    updated_at: instant,
  }),
  "An invitation to apply",
);

export const InvitationPageSchema = page("InvitationPage", InvitationSchema);


// ── The agent import as an API call (decision 0075): the same run and report as ADMIN > Import Agents.

const ImportErrorSchema = z.object({ line: z.int(), field: z.string().nullable(), message: z.string() }).describe("A refused row: its line in the file, the column and why");

export const ImportQueuedSchema = named(
  "ImportQueued",
  z.object({ id: z.int(), status: z.literal("QUEUED"), location: z.string().describe("GET it for the run's report") }),
  "An import run queued (202 Accepted)",
);

export const ImportRunSchema = named(
  "ImportRun",
  z.object({
    id: z.int(),
    status: z.string().describe("QUEUED, READING, WRITING, COMPLETED, REJECTED (a bad row: nothing imported), FAILED"),
    finished: z.boolean(),
    file_name: z.string(),
    created_at: instant,
    started_at: instant.nullable(),
    completed_at: instant.nullable(),
    percent: z.int().describe("0 to 100"),
    rows_read: z.int(),
    rows_valid: z.int(),
    rows_written: z.int(),
    inserted: z.int(),
    updated: z.int(),
    moved: z.int(),
    error_count: z.int(),
    errors: z.array(ImportErrorSchema),
    message: z.string().nullable(),
  }),
  "An agent import run and its report, as ADMIN > Import Agents shows it",
);

export const ImportRunSummarySchema = named(
  "ImportRunSummary",
  z.object({ id: z.int(), status: z.string(), file_name: z.string(), created_at: instant, rows_read: z.int(), error_count: z.int(), location: z.string() }),
);

export const ImportRunListSchema = named("ImportRunList", z.object({ data: z.array(ImportRunSummarySchema) }), "The latest 50 import runs, the screen's and the API's, newest first");


// ── State filings (issue 37, decision 0116): each row as in the webhook events' data (webhooks/payloads.ts).

export const FilingSchema = named("Filing", appointmentFilingState, "A state appointment filing: one agent position, state and line of authority");
export const FilingPageSchema = page("FilingPage", FilingSchema);

export const TerminationSchema = named("Termination", terminationState, "A state termination: one deactivated agent position and state");
export const TerminationPageSchema = page("TerminationPage", TerminationSchema);

export const FirstBusinessRecordedSchema = named(
  "FirstBusinessRecorded",
  z.object({
    agent_number: z.string(),
    state: z.string(),
    date: day,
    filings: z.int().describe("The agent's filings in the state that got the first business (every position with the agent number)"),
    dated: z.int().describe("Of those, the just-in-time filings that got their effective and due dates"),
  }),
  "The first business recorded",
);
