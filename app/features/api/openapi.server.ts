// The OpenAPI 3.1 document of the read API (GET /api/v1/openapi.json, decision 0076), generated from
// the zod schemas that every response is parsed by (schemas.ts) with zod's own JSON Schema output
// (draft 2020-12, OpenAPI 3.1's dialect): the document cannot drift from what is sent.
import { z } from "zod";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from "~/features/webhooks/events";
import { WEBHOOK_EVENT_DATA } from "~/features/webhooks/payloads";
import { DEFAULT_LIMIT, MAX_LIMIT } from "./paging.server";
import { FILING_STATUSES, TERMINATION_STATUSES } from "./read-filings.server";
import { apiSchemas } from "./schemas";
import { API_SCOPE_LABELS, type ApiScope } from "./scopes";

type Endpoint = {
  path: string;
  scope: ApiScope;
  summary: string;
  /** The component of the 200 body; "pdf": the file itself. */
  body: string | "pdf";
  list?: boolean;
  id?: "integer" | "uuid";
  /** A list's filters besides paging (query parameters). */
  filters?: ReadonlyArray<{ name: string; description: string; schema: Record<string, unknown> }>;
};

export const OPENAPI_PATH = "/api/v1/openapi.json";
export const FIRST_BUSINESS_PATH = "/api/v1/agents/{agent_number}/first-business";

function filingFilters(statuses: readonly string[]): NonNullable<Endpoint["filters"]> {
  return [
    { name: "agent_number", description: "Only this agent number's (every position with it)", schema: { type: "string", pattern: "^[A-Za-z0-9-]{1,20}$" } },
    { name: "state", description: "Only this state's (a two-letter code)", schema: { type: "string", pattern: "^[A-Za-z]{2}$" } },
    { name: "status", description: "Only those with this status", schema: { type: "string", enum: [...statuses] } },
  ];
}

/** Every GET of the read API: the routes app/routes/api.v1.*.ts answer exactly these. */
export const READ_ENDPOINTS: readonly Endpoint[] = [
  { path: "/api/v1/agents", scope: "read:agents", summary: "Agent positions, a page at a time", body: "AgentPage", list: true },
  { path: "/api/v1/agents/{id}", scope: "read:agents", summary: "One agent position", body: "Agent", id: "integer" },
  { path: "/api/v1/applications", scope: "read:applications", summary: "Applications, a page at a time", body: "ApplicationPage", list: true },
  { path: "/api/v1/applications/{id}", scope: "read:applications", summary: "One application", body: "Application", id: "integer" },
  { path: "/api/v1/applications/{id}/documents", scope: "read:documents", summary: "The documents of an application", body: "DocumentList", id: "integer" },
  { path: "/api/v1/documents/{id}", scope: "read:documents", summary: "A document's file (application/pdf), streamed", body: "pdf", id: "uuid" },
  { path: "/api/v1/invitations", scope: "read:invitations", summary: "Invitations, a page at a time", body: "InvitationPage", list: true },
  { path: "/api/v1/filings", scope: "read:filings", summary: "State appointment filings, a page at a time", body: "FilingPage", list: true, filters: filingFilters(FILING_STATUSES) },
  { path: "/api/v1/terminations", scope: "read:filings", summary: "State terminations, a page at a time", body: "TerminationPage", list: true, filters: filingFilters(TERMINATION_STATUSES) },
  { path: "/api/v1/agent-imports", scope: "write:agents", summary: "The latest 50 agent import runs (the screen's and the API's)", body: "ImportRunList" },
  { path: "/api/v1/agent-imports/{id}", scope: "write:agents", summary: "One agent import run and its report", body: "ImportRun", id: "integer" },
];

const problemRef = { $ref: "#/components/schemas/Problem" };
const problem = (description: string) => ({ description, content: { "application/problem+json": { schema: problemRef } } });

const UNREADABLE = "an address the portal cannot read (a NUL character, bytes that are not UTF-8)";
/** What any operation may answer, whatever its own errors: our fault, a stopping server, a bad address. */
const everyOperation = {
  "500": problem("The portal could not answer (the error is logged); try again later"),
  "503": problem("The portal is stopping or starting; try again shortly"),
};

/** The answers no operation lists: another method, a path the API does not have, a foreign Host. */
const sharedResponses = {
  MethodNotAllowed: {
    ...problem("405: the path does not answer this method (any method but its operations'); Allow lists those it answers"),
    headers: { Allow: { required: true, description: "The methods the path answers, e.g. GET, HEAD", schema: { type: "string" } } },
  },
  NotFound: problem("404: the API has no such path (every path is in this document)"),
  Misdirected: problem("421: the Host is not the portal's (APP_URL's host or ALLOWED_HOSTS)"),
};

/** GET /api/v1/openapi.json: this document, without a token. */
const documentOperation = {
  get: {
    operationId: "openapi-document",
    summary: "This document (OpenAPI 3.1)",
    description: "Needs no token: it describes the API and holds no data.",
    security: [],
    responses: {
      "200": { description: "The document", content: { "application/json": { schema: { type: "object", required: ["openapi", "paths"] } } } },
      "400": problem(`Refused: ${UNREADABLE}`),
      ...everyOperation,
    },
  },
};

/** POST /api/v1/agent-imports: the agent import of ADMIN > Import Agents (decision 0075). */
const importOperation = {
  post: {
    operationId: "agent-imports-create",
    summary: "Import agents: the same csv columns as ADMIN > Import Agents, as text/csv or as JSON rows",
    description:
      "Needs a token with the scope `write:agents`. The file is checked whole when the run starts: one bad row rejects it (see the run's `errors`). " +
      "Answers 202 with the run's id and a Location to poll.",
    security: [{ bearerAuth: ["write:agents"] }],
    requestBody: {
      required: true,
      content: {
        "text/csv": { schema: { type: "string", description: "The csv file, with its header row" } },
        "application/json": {
          schema: {
            type: "object",
            required: ["rows"],
            properties: { rows: { type: "array", items: { type: "object", additionalProperties: { type: ["string", "null"] }, description: "One row: the csv's column names as keys" } } },
          },
        },
      },
    },
    responses: {
      "202": {
        description: "Queued",
        headers: { Location: { schema: { type: "string" } } },
        content: { "application/json": { schema: { $ref: "#/components/schemas/ImportQueued" } } },
      },
      "400": problem(`Malformed JSON, not { rows: [...] }, or ${UNREADABLE}`),
      "401": problem("No live token (absent, unknown or revoked)"),
      "403": problem("The token lacks the scope"),
      "413": problem("Larger than the import's limit"),
      "415": problem("Neither text/csv nor application/json"),
      "429": problem("Over the token's calls a minute (see Retry-After)"),
      ...everyOperation,
    },
  },
};

/** POST /api/v1/agents/{agent_number}/first-business: the first business in a state (decision 0116). */
const firstBusinessOperation = {
  post: {
    operationId: "agents-first-business",
    summary: "Record an agent's first business in a state: dates the just-in-time appointment filings there",
    description:
      "Needs a token with the scope `write:filings`. The same rule as ADMIN > State Filings' 'Record the first business': once per state, " +
      "never after today; every position with the agent number that has filings in the state gets it.",
    security: [{ bearerAuth: ["write:filings"] }],
    parameters: [{ name: "agent_number", in: "path", required: true, schema: { type: "string" } }],
    requestBody: {
      required: true,
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["state", "date"],
            properties: {
              state: { type: "string", pattern: "^[A-Za-z]{2}$", description: "The state's two-letter code" },
              date: { type: "string", format: "date", description: "The day of the first business (YYYY-MM-DD), not after today" },
            },
          },
        },
      },
    },
    responses: {
      "200": { description: "Recorded", content: { "application/json": { schema: { $ref: "#/components/schemas/FirstBusinessRecorded" } } } },
      "400": problem(`A malformed body, or a refused field (named in \`field\`), or ${UNREADABLE}`),
      "401": problem("No live token (absent, unknown or revoked)"),
      "403": problem("The token lacks the scope"),
      "404": problem("No agent has this agent number"),
      "409": problem("Nothing to record: the first business in the state is recorded already, or the agent has no filing there"),
      "415": problem("Not application/json"),
      "429": problem("Over the token's calls a minute (see Retry-After)"),
      ...everyOperation,
    },
  },
};

/** JSON Schema of each event's data (snake_case, decision 0078), for the document's `webhooks`. */
function webhookOperations() {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((type) => {
      const { $schema: _dialect, ...data } = z.toJSONSchema(WEBHOOK_EVENT_DATA[type], { io: "output" }) as Record<string, unknown>;
      return [
        type,
        {
          post: {
            operationId: `webhook-${type.replace(".", "-")}`,
            summary: WEBHOOK_EVENT_LABELS[type],
            description:
              "Sent to the endpoints that asked for this event, signed as Standard Webhooks do (headers webhook-id, webhook-timestamp, webhook-signature). " +
              "Answer 2xx within the timeout; anything else is retried for about 28 hours.",
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["id", "type", "timestamp", "data"],
                    properties: {
                      id: { type: "string", description: "The event's id (evt_…), the same in every retry and replay: deduplicate on it" },
                      type: { const: type },
                      timestamp: { type: "string", format: "date-time" },
                      data,
                    },
                  },
                },
              },
            },
            responses: { "2XX": { description: "Received" } },
          },
        },
      ];
    }),
  );
}


const listParameters = [
  { name: "limit", in: "query", required: false, description: `Rows a page, 1 to ${MAX_LIMIT}`, schema: { type: "integer", minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT } },
  { name: "cursor", in: "query", required: false, description: "The next_cursor of the previous page, unchanged", schema: { type: "string" } },
  {
    name: "updated_since",
    in: "query",
    required: false,
    description: "Only rows changed at or after this instant (ISO 8601, with an offset)",
    schema: { type: "string", format: "date-time" },
  },
];

function operation(e: Endpoint) {
  const parameters = [
    ...(e.id ? [{ name: "id", in: "path", required: true, schema: e.id === "uuid" ? { type: "string", format: "uuid" } : { type: "integer", minimum: 1 } }] : []),
    ...(e.list ? listParameters : []),
    ...(e.filters ?? []).map((f) => ({ in: "query", required: false, ...f })),
  ];
  const ok =
    e.body === "pdf"
      ? {
          description: "The file",
          headers: { "Content-Disposition": { schema: { type: "string" } }, "Content-Length": { schema: { type: "integer" } } },
          content: { "application/pdf": { schema: { type: "string", contentMediaType: "application/pdf" } } },
        }
      : { description: "OK", content: { "application/json": { schema: { $ref: `#/components/schemas/${e.body}` } } } };
  return {
    get: {
      operationId: e.path.replace(/^\/api\/v1\//, "").replace(/\{id\}/g, "by-id").replace(/\//g, "-"),
      summary: e.summary,
      description: `Needs a token with the scope \`${e.scope}\`.`,
      security: [{ bearerAuth: [e.scope] }],
      parameters,
      responses: {
        "200": ok,
        "400": problem(e.list ? `A malformed query parameter (named in \`parameter\`), or ${UNREADABLE}` : `Refused: ${UNREADABLE}`),
        "401": problem("No live token (absent, unknown or revoked)"),
        "403": problem("The token lacks the scope"),
        ...(e.id ? { "404": problem("No such record") } : {}),
        "429": problem("Over the token's calls a minute (see Retry-After)"),
        ...everyOperation,
      },
    },
  };
}

let cached: unknown = null;

/** The document (built once: it depends on nothing but the code). */
export function openApiDocument(): unknown {
  if (cached) return cached;
  const generated = z.toJSONSchema(apiSchemas, { uri: (id) => `#/components/schemas/${id}`, io: "output" }) as { schemas: Record<string, Record<string, unknown>> };
  const schemas = Object.fromEntries(
    Object.entries(generated.schemas).map(([name, s]) => {
      const { $schema: _dialect, $id: _id, ...rest } = s;
      return [name, rest];
    }),
  );
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Appointment portal API",
      version: "1",
      description:
        "Read the portal's agents, applications, documents, invitations and state filings; import agents; record a first business. Send an API token as `Authorization: Bearer apt_…`; " +
        "each operation names the scope it needs. Errors are RFC 9457 problem details (application/problem+json), each listed with its " +
        "operation; a method a path does not answer is a 405 with Allow, a path not in this document a 404. Lists are paged with an opaque cursor, " +
        "oldest change first. SSN, tax id, bank and card numbers are never served, only their last four.",
    },
    paths: {
      ...Object.fromEntries(READ_ENDPOINTS.map((e) => [e.path, e.path === "/api/v1/agent-imports" ? { ...operation(e), ...importOperation } : operation(e)])),
      [FIRST_BUSINESS_PATH]: firstBusinessOperation,
      [OPENAPI_PATH]: documentOperation,
    },
    webhooks: webhookOperations(),
    components: {
      schemas,
      responses: sharedResponses,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: `An API token (apt_…) made by an administrator. Scopes: ${Object.entries(API_SCOPE_LABELS)
            .map(([s, l]) => `${s}: ${l}`)
            .join("; ")}.`,
        },
      },
    },
  };
  return cached;
}
