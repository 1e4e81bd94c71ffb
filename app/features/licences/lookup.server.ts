// The licence lookup (issue 23 item 6, decision 0072): where a carrier with NIPR access (or a file
// NIPR sent it) plugs in. LICENCE_LOOKUP chooses one (env.server.ts checks the settings at start):
// - 'file': the licences of an NPN in the newest NIPR-format csv an administrator uploaded for the
//   lookup (/admin/licences/import, purpose LOOKUP), or LICENCE_LOOKUP_FILE, read with the import's
//   parser (licence-csv.server.ts);
// - 'http': GET LICENCE_LOOKUP_URL?npn=<npn> (Authorization: Bearer LICENCE_LOOKUP_TOKEN when set),
//   answered within LICENCE_LOOKUP_TIMEOUT_MS with JSON in the shape of lookupAnswerSchema.
// A lookup returns every licence as the licence form's parsed value, or throws a LookupError with a
// message for the screen: nothing half-read is ever returned.
import { createReadStream } from "node:fs";
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { openFile } from "~/lib/storage.server";
import { latestLookupFile } from "./import.server";
import { LICENCE_IMPORT_MESSAGES as M } from "./import-messages";
import { readLicenceFile } from "./licence-csv.server";
import { refreshNpns, residentLast, writeLicence } from "./records.server";
import { licenceSchema, type LicenceInput } from "./schema";
import { LINES_OF_AUTHORITY } from "./status";

/** What a lookup found for one NPN: its licences as the licence form's parsed values. */
export type LookupResult = { npn: string; licences: LicenceInput[] };

export interface LicenceLookup {
  /** A name for screens and the audit ('file', 'http'). */
  readonly name: string;
  /** The licences of `npn`; an empty list when the source knows none; throws when the source cannot answer. */
  lookup(npn: string): Promise<LookupResult>;
}

/** A lookup that could not answer; `message` is for the administrator's screen. */
export class LookupError extends Error {
  override name = "LookupError";
}

/**
 * The HTTP lookup's answer (decision 0072): 200 with
 *   { "npn": "<npn>", "licences": [ { "stateCode": "TX", "licenceNumber": "123", "licenceClass": "Insurance Producer",
 *       "isResident": true, "linesOfAuthority": ["LIFE", "ACCIDENT_HEALTH", "VARIABLE"], "effectiveDate": "2024-01-01",
 *       "expiryDate": "2026-12-31" | null, "status": "ACTIVE" | "INACTIVE" } ] }
 * An unknown NPN: 200 with "licences": [] (or 404). Anything else is an error.
 */
export const lookupAnswerSchema = z.object({
  npn: z.string().min(1).max(25),
  licences: z
    .array(
      z.object({
        stateCode: z.string().max(2),
        licenceNumber: z.string().max(100).nullish(),
        licenceClass: z.string().max(100).nullish(),
        isResident: z.boolean().default(false),
        linesOfAuthority: z.array(z.enum(LINES_OF_AUTHORITY)).max(3),
        effectiveDate: z.string().max(10).nullish(),
        expiryDate: z.string().max(10).nullish(),
        status: z.enum(["ACTIVE", "INACTIVE"]),
      }),
    )
    .max(100),
});
export type LookupAnswer = z.infer<typeof lookupAnswerSchema>;

/** The most bytes of an answer read (100 licences are far less). */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** One answered licence as the licence form would post it, parsed with the form's schema. */
function formValue(l: LookupAnswer["licences"][number], index: number): LicenceInput {
  const parsed = licenceSchema.safeParse({
    stateCode: l.stateCode,
    licenceNumber: l.licenceNumber ?? undefined,
    licenceClass: l.licenceClass ?? undefined,
    isResident: l.isResident ? "on" : undefined,
    loaLife: l.linesOfAuthority.includes("LIFE") ? "on" : undefined,
    loaAccidentHealth: l.linesOfAuthority.includes("ACCIDENT_HEALTH") ? "on" : undefined,
    loaVariable: l.linesOfAuthority.includes("VARIABLE") ? "on" : undefined,
    effectiveDate: l.effectiveDate ?? undefined,
    expiryDate: l.expiryDate ?? undefined,
    status: l.status,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new LookupError(M.lookupMalformed(`licences[${index}].${issue.path.join(".")}`, issue.message));
  }
  return parsed.data;
}

/** Reads the answer's body, at most MAX_ANSWER_BYTES. */
async function readBody(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => {});
      throw new LookupError(M.lookupTooBig);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function httpLookup(opts: { url: string; token?: string; timeoutMs: number }): LicenceLookup {
  return {
    name: "http",
    async lookup(npn) {
      const url = new URL(opts.url);
      url.searchParams.set("npn", npn);
      const signal = AbortSignal.timeout(opts.timeoutMs);
      let body: string;
      let status: number;
      try {
        const res = await fetch(url, {
          headers: { Accept: "application/json", ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}) },
          redirect: "error",
          signal,
        });
        status = res.status;
        if (status === 404) {
          await res.body?.cancel().catch(() => {});
          return { npn, licences: [] };
        }
        if (status !== 200) {
          await res.body?.cancel().catch(() => {});
          throw new LookupError(M.lookupHttpStatus(status));
        }
        body = await readBody(res);
      } catch (error) {
        if (error instanceof LookupError) throw error;
        if (signal.aborted) throw new LookupError(M.lookupTimeout(opts.timeoutMs));
        const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
        throw new LookupError(M.lookupUnreachable(String(cause)));
      }
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw new LookupError(M.lookupNotJson);
      }
      const answer = lookupAnswerSchema.safeParse(json);
      if (!answer.success) {
        const issue = answer.error.issues[0]!;
        throw new LookupError(M.lookupMalformed(issue.path.join(".") || "the answer", issue.message));
      }
      if (answer.data.npn.trim() !== npn) throw new LookupError(M.lookupOtherNpn);
      const licences = answer.data.licences.map(formValue);
      // One licence per state (decision 0068): a state twice would leave whichever came last.
      const twice = licences.findIndex((l, i) => licences.findIndex((o) => o.stateCode === l.stateCode) !== i);
      if (twice >= 0) throw new LookupError(M.lookupMalformed(`licences[${twice}].stateCode`, M.lookupStateTwice(licences[twice]!.stateCode)));
      return { npn, licences };
    },
  };
}

/** `source`: a file on disk, or null for the newest stored upload for the lookup. */
export function fileLookup(path: string | null): LicenceLookup {
  return {
    name: "file",
    async lookup(npn) {
      let stream;
      if (path) {
        stream = createReadStream(path);
        await new Promise<void>((resolve, reject) => stream!.once("open", () => resolve()).once("error", reject)).catch(() => {
          throw new LookupError(M.lookupFileMissing(path));
        });
      } else {
        const file = await latestLookupFile();
        if (!file) throw new LookupError(M.lookupNoFile);
        stream = await openFile(file);
      }
      const read = await readLicenceFile(stream, { onlyNpn: npn });
      const first = read.errors.sorted()[0];
      if (first) throw new LookupError(M.lookupFileBad(first.line, first.message));
      return { npn, licences: read.licences.map((l) => l.value) };
    },
  };
}

/** The configured lookup, or null when none is configured (the screens then offer no 'Look up' button). */
export function licenceLookup(): LicenceLookup | null {
  const e = env();
  if (e.LICENCE_LOOKUP === "http" && e.LICENCE_LOOKUP_URL) {
    return httpLookup({ url: e.LICENCE_LOOKUP_URL, token: e.LICENCE_LOOKUP_TOKEN, timeoutMs: e.LICENCE_LOOKUP_TIMEOUT_MS });
  }
  if (e.LICENCE_LOOKUP === "file") return fileLookup(e.LICENCE_LOOKUP_FILE ?? null);
  return null;
}

export type LookupOutcome = { ok: true; found: number; inserted: number; updated: number } | { ok: false; message: string };

/**
 * Looks up `npn` and writes what was found through the one writer (source LOOKUP, by state) with
 * the NPN's standings, in one transaction: an error writes nothing. Licenses on record that the
 * source does not name are left as they are (a lookup adds and corrects, it does not delete).
 */
export async function lookUpAndSave(lookup: LicenceLookup, npn: string, actor: { userId: string; impersonatorUserId?: string | null; request?: Request }): Promise<LookupOutcome> {
  let result: LookupResult;
  try {
    result = await lookup.lookup(npn);
  } catch (error) {
    if (error instanceof LookupError) return { ok: false, message: error.message };
    throw error;
  }
  const counts = { inserted: 0, updated: 0 };
  if (result.licences.length > 0) {
    let refused: string | null = null;
    try {
      await prisma.$transaction(async (tx) => {
      for (const value of residentLast(result.licences, (v) => v.isResident)) {
        const r = await writeLicence(tx, { ...actor, source: "LOOKUP" }, npn, value, "byState");
        // A second resident state (decision 0084): nothing of the answer is written.
        if (!r.ok) throw new LookupError((refused = r.message));
        if (r.change === "created") counts.inserted++;
        else if (r.change === "updated") counts.updated++;
      }
      await refreshNpns(tx, [npn], actor.userId);
      });
    } catch (error) {
      if (refused !== null) return { ok: false, message: refused };
      // The same state written at the same moment by an import or another lookup: nothing was written.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return { ok: false, message: M.lookupConflict };
      throw error;
    }
  }
  return { ok: true, found: result.licences.length, ...counts };
}

/** The one-time message the licences page shows after a lookup (readLookupFlash). */
export function lookupFlashCookie() {
  return createCookie("portal_licence_lookup_flash", { httpOnly: true, sameSite: "lax", secure: env().secure, path: "/licences", maxAge: 60 });
}

/** For /licences/<npn>'s loader: the lookup's message (or null) and the Set-Cookie that clears it. */
export async function readLookupFlash(request: Request): Promise<{ message: string | null; headers: Headers }> {
  const cookie = lookupFlashCookie();
  const message = ((await cookie.parse(request.headers.get("Cookie"))) as string | null) ?? null;
  const headers = new Headers();
  if (message) headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  return { message: typeof message === "string" ? message : null, headers };
}
