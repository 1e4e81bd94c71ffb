// Paging and the common query parameters of the read API (decision 0076): `limit` (1..200, default 50),
// `cursor` (opaque: base64url of the last row's (updated_at, id)) and `updated_since` (ISO 8601).
// Rows come in (updated_at, id) order, so a walk that keeps its last cursor is an incremental feed: a
// row changed after it was read comes again, later, with its new values; none is skipped.
import type { z } from "zod";
import { apiJson, ApiProblem } from "./http.server";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;

export type PageQuery<Id extends number | string = number> = { limit: number; after: { at: Date; id: Id } | null; updatedSince: Date | null };

const bad = (parameter: string, detail: string) => new ApiProblem(400, detail, { parameter });

// ISO 8601 date or date-time (offset or Z required with a time): what Date.parse reads unambiguously.
const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2}))?$/;

// The instants a query may name: years 0001 to 9999 in UTC. JavaScript holds ±275,760 years and year 0,
// which PostgreSQL refuses as input ("date/time field value out of range": a 500 of ours).
const EARLIEST = Date.parse("0001-01-01T00:00:00Z");
const LATEST = Date.parse("9999-12-31T23:59:59.999Z");
/** The largest id of an integer key column (PostgreSQL integer); a larger one fails in Prisma, not as "not found". */
const MAX_INT_ID = 2_147_483_647;

/** An instant of a query (updated_since, a cursor's date): ISO 8601 within EARLIEST..LATEST, else null. */
function instant(raw: string): Date | null {
  const t = ISO.test(raw) ? Date.parse(raw) : NaN;
  return Number.isNaN(t) || t < EARLIEST || t > LATEST ? null : new Date(t);
}

/** The page parameters of a list request; a malformed one is a 400 problem naming it. */
export function pageQuery<Id extends number | string>(url: URL, idKind: Id extends number ? "int" : "uuid"): PageQuery<Id> {
  const p = url.searchParams;
  // Each once: which of two values counts would be a guess.
  for (const name of ["limit", "updated_since", "cursor"]) if (p.getAll(name).length > 1) throw bad(name, `${name} was given more than once.`);
  let limit = DEFAULT_LIMIT;
  const rawLimit = p.get("limit");
  if (rawLimit !== null) {
    if (!/^\d{1,4}$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > MAX_LIMIT) throw bad("limit", `limit must be a whole number from 1 to ${MAX_LIMIT}.`);
    limit = Number(rawLimit);
  }
  let updatedSince: Date | null = null;
  const rawSince = p.get("updated_since");
  if (rawSince !== null) {
    updatedSince = instant(rawSince);
    if (!updatedSince) throw bad("updated_since", "updated_since must be an ISO 8601 date or date-time with an offset from year 0001 to 9999, e.g. 2026-11-27T08:00:00Z.");
  }
  const rawCursor = p.get("cursor");
  let after: PageQuery<Id>["after"] = null;
  if (rawCursor !== null) {
    after = decodeCursor(rawCursor, idKind) as PageQuery<Id>["after"];
    if (!after) throw bad("cursor", "cursor is not one this API gave: pass next_cursor from the previous page unchanged.");
  }
  return { limit, after, updatedSince };
}

export function encodeCursor(at: Date, id: number | string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id]), "utf8").toString("base64url");
}

function decodeCursor(cursor: string, idKind: "int" | "uuid"): { at: Date; id: number | string } | null {
  if (cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(v) || v.length !== 2 || typeof v[0] !== "string") return null;
    const at = instant(v[0]);
    if (!at) return null;
    const id = v[1] as unknown;
    if (idKind === "int" ? !(Number.isInteger(id) && (id as number) >= 0 && (id as number) <= MAX_INT_ID) : !(typeof id === "string" && /^[0-9a-f-]{36}$/.test(id))) return null;
    return { at, id: id as number | string };
  } catch {
    return null;
  }
}

/**
 * The Prisma `where` and `orderBy` of a page over a model with `updatedAt` and the id field `idField`.
 * Take `limit + 1` rows: the extra one only says whether there is a next page.
 */
export function pageWhere<Id extends number | string>(q: PageQuery<Id>, idField: string) {
  const and: Record<string, unknown>[] = [];
  if (q.updatedSince) and.push({ updatedAt: { gte: q.updatedSince } });
  if (q.after) {
    // `updated_at >= at` is the index's lower bound (the (updated_at, id) index is scanned from the
    // cursor on, not from its start); the OR then drops the rows of that instant up to the cursor's id.
    and.push({ updatedAt: { gte: q.after.at } });
    and.push({ OR: [{ updatedAt: { gt: q.after.at } }, { [idField]: { gt: q.after.id } }] });
  }
  return { where: { AND: and }, orderBy: [{ updatedAt: "asc" as const }, { [idField]: "asc" as const }], take: q.limit + 1 };
}

/** The rows of the page and its next cursor (null at the end). */
export function pageOf<R extends { updatedAt: Date }>(rows: R[], q: PageQuery<number | string>, idOf: (r: R) => number | string): { rows: R[]; nextCursor: string | null } {
  const more = rows.length > q.limit;
  const kept = more ? rows.slice(0, q.limit) : rows;
  const last = kept[kept.length - 1];
  return { rows: kept, nextCursor: more && last ? encodeCursor(last.updatedAt, idOf(last)) : null };
}

/** An id in a path: a positive integer, else the answer is 404 (an unknown id). */
export function intId(raw: string | undefined, what: string): number {
  if (!raw || !/^\d{1,9}$/.test(raw)) throw new ApiProblem(404, `No ${what} has this id.`);
  return Number(raw);
}

/**
 * Sends a body after parsing it with its schema: a field the schema does not name is dropped, a value
 * of the wrong shape is a 500 here rather than a surprise at the integration's end.
 */
export function send<S extends z.ZodType>(schema: S, body: z.input<S>): Response {
  return apiJson(schema.parse(body));
}
