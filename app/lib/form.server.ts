// The one way an action reads a posted form (docs/decisions/0016-reading-forms.md).
// Called AFTER the access check and BEFORE conform's parse / parseWithZod,
// which trust what they get: a field posted twice becomes a list
// (`v.trim is not a function`), `x[99999999]=1` makes an array of 100
// million slots, `__state__` is JSON-parsed. readForm refuses, with a
// Response the error boundary shows as a clear page:
//   - a body that is not a form (JSON, text/plain, no type; multipart unless
//     the route takes files) or cannot be read:                  400
//   - a body over the byte cap or with more than maxFields fields:  413
//   - a field name conform cannot read, longer than MAX_NAME_LENGTH, with a
//     list index over MAX_LIST_INDEX, or reserved by conform:        400
//   - a field posted more than once unless the form's schema makes it a
//     list of plain values (a checkbox group, `states`; derived by
//     repeatableFieldsOf, never listed by hand):                    400
//   - a NUL character (U+0000, `%00`) in a name or a value: no browser
//     form sends one and PostgreSQL cannot store it in text, so it
//     would fail the save (a misleading 'try again later', or a 500):  400
//   - a name or a value that is not UTF-8 once percent-decoded (`%FF`,
//     `%C0%80`), or a multipart part header or text part that is not:
//     the platform's parsers would store U+FFFD in its place (decision
//     0039):                                                           400
import type { ZodType } from "zod";
import { repeatableFieldsOf } from "./choices";
import { BODY_TOO_LARGE, MAX_BODY_BYTES, PayloadTooLarge, refusalPage } from "./refusal.server";
import { applySecurityHeaders } from "./security.server";
import { multipartTextIsUtf8, parseUrlencoded } from "./utf8.server";

/** The most fields a form may post: the longest section posts about 80. */
export const MAX_FORM_FIELDS = 500;
/** The longest field name: the longest in use is about 40 characters. */
export const MAX_NAME_LENGTH = 200;
/**
 * The largest list index (`answers[999].answer`): the longest list is the
 * Personal section's answers (about 10 questions); states (at most ~60) post
 * as repeated `states` fields. 1000 slots at most per list keeps the worst
 * case (MAX_FORM_FIELDS lists) at a few MB.
 */
export const MAX_LIST_INDEX = 999;

export const FORM_MESSAGES = {
  notAForm: "What was sent is not a form the portal can read.",
  unreadable: "The form could not be read.",
  tooLarge: "The form is larger than the portal accepts.",
  tooManyFields: "The form has more fields than the portal accepts.",
  badName: "The form has a field the portal does not use.",
  longList: "A list in the form is longer than the portal accepts.",
  repeated: (name: string) => `The form sent the field "${name.slice(0, 60)}" more than once.`,
  nul: "The form has a character the portal does not accept (a NUL character).",
  notUtf8: "The form has characters the portal cannot read (text that is not UTF-8).",
} as const;

export type ReadFormOptions = {
  /**
   * The zod schemas of the forms this action takes: their lists of plain values (checkbox groups)
   * may be posted as repeated fields, every other name once (repeatableFieldsOf).
   */
  schemas?: readonly ZodType[];
  /** Also take multipart/form-data (a form that posts files). */
  multipart?: boolean;
  maxFields?: number;
  maxBytes?: number;
  /**
   * The route has no page of its own (a resource route,
   * e.g. an upload endpoint): a refusal is a whole HTML page instead of a message
   * for the error boundary.
   */
  standalone?: boolean;
};

/** The message and "Nothing was saved" as a whole page, for routes without an error boundary. */
function refusalAsPage(refusal: Response, message: string): Response {
  const title = refusal.status === 413 ? BODY_TOO_LARGE.title : "The form could not be accepted";
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  const page = refusalPage(refusal.status, title, `${message} Nothing was saved. Go back, reload the page and try again.`);
  applySecurityHeaders(headers);
  return new Response(page, { status: refusal.status, headers });
}

/** A refusal the error boundary shows: the message, then "Nothing was saved". */
export function formRefusal(status: 400 | 413, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";
const RESERVED = new Set(["__intent__", "__state__"]);
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Reads and checks the posted form; throws a 400/413 Response when it is not one the portal takes. */
export async function readForm(request: Request, opts: ReadFormOptions = {}): Promise<FormData> {
  try {
    return await checkedForm(request, opts);
  } catch (refusal) {
    if (!opts.standalone || !(refusal instanceof Response)) throw refusal;
    throw refusalAsPage(refusal, await refusal.text());
  }
}

async function checkedForm(request: Request, opts: ReadFormOptions): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type !== URLENCODED && !(opts.multipart && type === MULTIPART)) throw formRefusal(400, FORM_MESSAGES.notAForm);
  const maxFields = opts.maxFields ?? MAX_FORM_FIELDS;
  const bytes = await readBody(request, opts.maxBytes ?? MAX_BODY_BYTES);

  let entries: Iterable<[string, FormDataEntryValue]>;
  if (type === URLENCODED) {
    if (countFields(bytes) > maxFields) throw formRefusal(413, FORM_MESSAGES.tooManyFields);
    const parsed = parseUrlencoded(bytes);
    if (!parsed) throw formRefusal(400, FORM_MESSAGES.notUtf8);
    entries = parsed;
  } else {
    if (!multipartTextIsUtf8(bytes, contentType)) throw formRefusal(400, FORM_MESSAGES.notUtf8);
    let parsed: FormData;
    try {
      parsed = await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
    } catch {
      throw formRefusal(400, FORM_MESSAGES.unreadable);
    }
    entries = parsed;
  }

  const form = new FormData();
  const repeatable = new Set(repeatableFieldsOf(opts.schemas ?? []));
  const seen = new Set<string>();
  let count = 0;
  for (const [name, value] of entries) {
    if (++count > maxFields) throw formRefusal(413, FORM_MESSAGES.tooManyFields);
    checkName(name);
    if (typeof value === "string" && value.includes("\u0000")) throw formRefusal(400, FORM_MESSAGES.nul);
    if (seen.has(name) && !repeatable.has(name)) throw formRefusal(400, FORM_MESSAGES.repeated(name));
    seen.add(name);
    form.append(name, value);
  }
  return form;
}

/** The body's bytes, at most maxBytes (413 past it; 400 when the body breaks off). */
async function readBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        void reader.cancel().catch(() => undefined);
        throw formRefusal(413, FORM_MESSAGES.tooLarge);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isTooLarge(error)) throw formRefusal(413, FORM_MESSAGES.tooLarge);
    throw formRefusal(400, FORM_MESSAGES.unreadable);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

function isTooLarge(error: unknown): boolean {
  for (let e = error, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    if (e instanceof PayloadTooLarge || (e as Error).name === "PayloadTooLarge") return true;
  }
  return false;
}

/** The number of non-empty `&`-separated fields, counted without parsing. */
function countFields(bytes: Uint8Array): number {
  let n = 0;
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 38 /* & */) {
      if (i > start) n++;
      start = i + 1;
    }
  }
  return n;
}

const TOKEN = /([^.[\]]+)|\[(\d*)\]/g;

/**
 * A name conform reads as a path (`a.b`, `list[3].c`) whose every list index
 * is at most MAX_LIST_INDEX; no empty brackets, no reserved or prototype keys.
 */
function checkName(name: string) {
  if (name.includes("\u0000")) throw formRefusal(400, FORM_MESSAGES.nul);
  if (name.length === 0 || name.length > MAX_NAME_LENGTH || RESERVED.has(name)) throw formRefusal(400, FORM_MESSAGES.badName);
  TOKEN.lastIndex = 0;
  let last = 0;
  let match: RegExpExecArray | null;
  while ((match = TOKEN.exec(name))) {
    if (match.index !== last && !(match.index === last + 1 && name[last] === "." && last > 0)) throw formRefusal(400, FORM_MESSAGES.badName);
    const [, key, index] = match;
    if (key !== undefined) {
      if (FORBIDDEN_KEYS.has(key)) throw formRefusal(400, FORM_MESSAGES.badName);
    } else {
      if (!index || last === 0) throw formRefusal(400, FORM_MESSAGES.badName);
      if (index.length > 6 || Number(index) > MAX_LIST_INDEX) throw formRefusal(400, FORM_MESSAGES.longList);
    }
    last = TOKEN.lastIndex;
  }
  if (last !== name.length) throw formRefusal(400, FORM_MESSAGES.badName);
}
