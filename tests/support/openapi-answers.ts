// Checks an answer of the API against the OpenAPI document (GET /api/v1/openapi.json): its status is
// listed for that operation, or for a method the path does not answer (405) and a path the API does not
// have (404) in components.responses; with the answer's content type; the body validates against that
// schema (ajv, draft 2020-12) and the headers the document requires are there.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsImport from "ajv-formats";

type Schema = Record<string, unknown> & { $ref?: string };
export type DocResponse = { description: string; headers?: Record<string, { required?: boolean }>; content?: Record<string, { schema: Schema }> };
type Operation = { responses: Record<string, DocResponse> };
export type OpenApiDoc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema>; responses?: Record<string, DocResponse> } };

/** The component of components.responses that describes an answer no operation lists. */
const OUTSIDE_OPERATIONS: Record<number, string> = { 404: "NotFound", 405: "MethodNotAllowed", 421: "Misdirected" };

export function answerChecker(doc: OpenApiDoc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormatsImport as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema({ ...doc, $id: "openapi.json" });
  const compiled = new Map<Schema, ValidateFunction>();
  const validator = (schema: Schema) => {
    let v = compiled.get(schema);
    if (!v) {
      v = schema.$ref ? ajv.getSchema(`openapi.json${schema.$ref}`)! : ajv.compile(schema);
      compiled.set(schema, v);
    }
    return v;
  };

  /** The document's description of `status` for `method pattern` (pattern null: a path the API does not have). */
  function described(method: string, pattern: string | null, status: number): DocResponse {
    const op = pattern ? doc.paths[pattern]?.[method === "HEAD" ? "get" : method.toLowerCase()] : undefined;
    const own = op?.responses[String(status)];
    if (own) return own;
    const outside = !op || status === 421 ? OUTSIDE_OPERATIONS[status] : undefined;
    const shared = outside ? doc.components.responses?.[outside] : undefined;
    if (!shared) throw new Error(`${method} ${pattern ?? "(no such path)"} answered ${status}, which the document does not describe`);
    return shared;
  }

  /** Throws what does not match; the response itself is left unread (a clone is checked). */
  return async function check(method: string, pattern: string | null, res: Response): Promise<void> {
    const where = `${method} ${pattern ?? "(no such path)"} ${res.status}`;
    const d = described(method, pattern, res.status);
    for (const [name, h] of Object.entries(d.headers ?? {})) {
      if (h.required && !res.headers.has(name)) throw new Error(`${where}: no ${name} header, which the document requires`);
    }
    const type = (res.headers.get("Content-Type") ?? "").split(";")[0]!.trim();
    if (!d.content) {
      if (type) throw new Error(`${where}: a ${type} body where the document describes none`);
      return;
    }
    const content = d.content[type];
    if (!content) throw new Error(`${where}: Content-Type ${type || "(none)"} is not one of the document's ${Object.keys(d.content).join(", ")}`);
    if (method === "HEAD" || !type.includes("json")) return;
    const body: unknown = await res.clone().json();
    const validate = validator(content.schema);
    if (!validate(body)) throw new Error(`${where}: the body fails its schema in the document: ${JSON.stringify(validate.errors)}`);
  };
}
