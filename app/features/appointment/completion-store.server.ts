// The application screen's completion, stored (issue 22 item 1, decision 0061). completion() runs
// ten zod parses per call (the five sections and an empty application); the screen used to pay for
// them on every render. Now it is computed once per change of what it reads and stored with the
// key of those inputs: the form data, the validation context (uploaded documents, stored sensitive
// values, personal questions, type, flavour, fax, resident state), the day (the rules that look at
// `now`: birth date before today, card not expired) and the running build (the rules themselves).
// A render whose key equals the stored one shows the stored completion; any other computes it and
// stores it. So it cannot go stale: there is no list of events (save, upload, delete, consent,
// submit, a new personal question, midnight, a deploy) to keep complete.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PREPARED, queryRows } from "~/lib/db.server";
import { completion, type Completion } from "./completion";
import type { ApplicationData, ValidationContext } from "./form-data";

let build: string | undefined;

/** The running code's fingerprint: a hash of the server bundle (of this module under vitest). Read once. */
function buildFingerprint(): string {
  if (build === undefined) {
    try {
      build = createHash("sha256").update(readFileSync(fileURLToPath(import.meta.url))).digest("base64url").slice(0, 16);
    } catch {
      build = "unknown";
    }
  }
  return build;
}

/** The calendar day of `now` in UTC and in the server's zone (the date rules compare with both). */
const dayOf = (now: Date) => `${now.toISOString().slice(0, 10)}/${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;

/** The key of everything completion(data, ctx) reads. Sensitive values are masks in `data` and booleans in `ctx.stored`. */
export function completionKey(data: ApplicationData, ctx: ValidationContext): string {
  const { now, ...rest } = ctx;
  return createHash("sha256")
    .update(JSON.stringify([buildFingerprint(), dayOf(now), data, rest]))
    .digest("base64url");
}

/** What the application row brings of the stored completion (screenInclude's completionCache). */
export type StoredCompletion = { completionKey: string; completion: string } | null;

const STORE_SQL = `${PREPARED}
  INSERT INTO appointment_completion (appointment_id, completion_key, completion, computed_at)
  VALUES ($1, $2, $3, now())
  ON CONFLICT (appointment_id) DO UPDATE
     SET completion_key = EXCLUDED.completion_key, completion = EXCLUDED.completion, computed_at = EXCLUDED.computed_at`;

/**
 * The completion of the application as the screen shows it: the stored one when it was computed
 * from the same inputs, else computed now and stored (one statement). Callers have checked access.
 */
export async function screenCompletion(appointmentId: number, stored: StoredCompletion, data: ApplicationData, ctx: ValidationContext): Promise<Completion> {
  const key = completionKey(data, ctx);
  if (stored && stored.completionKey === key) return JSON.parse(stored.completion) as Completion;
  const computed = completion(data, ctx);
  await queryRows(STORE_SQL, [appointmentId, key, JSON.stringify(computed)]);
  return computed;
}
