// The shape of an invitation or appointment link as it appears in a URL
// (`/{lnk}`) or is typed into the link prompt (spec part 1 §5). The ONE
// pattern of a link: every place that parses or accepts links uses
// `parseLink` / `linkSchema` from here.
// Whether the link exists and is usable is checked later, on the server.
import { z } from "zod";
import { LINK_INVALID, LINK_REQUIRED } from "./messages";

export { LINK_INVALID, LINK_REQUIRED };
export const LINK_MAX_LENGTH = 64;

/**
 * MLT (multi-link), APL (appointment link), EXT (invitation of an existing
 * agent, part 3), USR (user), MD (marketing director).
 * Decision: docs/decisions/0020-appointment-links-and-cart.md.
 */
export const LINK_PREFIXES = ["MLT", "APL", "EXT", "USR", "MD"] as const;
export type LinkPrefix = (typeof LINK_PREFIXES)[number];

/** The prefix of a recruiter's appointment link (AppointmentLink.linkPrefix default). */
export const APPOINTMENT_LINK_PREFIX = "APL" satisfies LinkPrefix;

/** Prefix + code (letters, digits, dashes); case-insensitive. */
export const LINK_PATTERN = new RegExp(`^(${LINK_PREFIXES.join("|")})([A-Za-z0-9-]+)$`, "i");

export const linkSchema = z
  .string({ error: LINK_REQUIRED })
  .trim()
  .min(1, { error: LINK_REQUIRED, abort: true })
  .refine((v) => !/^http/i.test(v) && !v.includes("/"), { error: LINK_INVALID, abort: true })
  .refine((v) => v.length <= LINK_MAX_LENGTH && LINK_PATTERN.test(v), LINK_INVALID);

/** The form of the link prompt. */
export const linkFormSchema = z.object({ link: linkSchema });

/** A well-formed link split into its upper-cased prefix and its code, or null. */
export function parseLink(link: string | null | undefined): { prefix: LinkPrefix; code: string } | null {
  const v = (link ?? "").trim();
  if (v.length > LINK_MAX_LENGTH) return null;
  const m = LINK_PATTERN.exec(v);
  if (!m) return null;
  return { prefix: m[1]!.toUpperCase() as LinkPrefix, code: m[2]! };
}

/** The link's prefix, upper-cased (the prefix is case-insensitive). */
export function linkPrefix(link: string): LinkPrefix | null {
  return parseLink(link)?.prefix ?? null;
}

/** True when the value is a well-formed link. */
export function isLinkShaped(value: string | null | undefined): value is string {
  return linkSchema.safeParse(value ?? "").success;
}

const PREFIX_FIRST = new RegExp(`^(${LINK_PREFIXES.join("|")})[A-Za-z0-9-]*\\s*$`, "i");
/** Two to four letters, then a code of at least 8 letters and digits with a digit among them: a link with a mistyped prefix. */
const MISTYPED_PREFIX = /^[A-Za-z]{2,4}(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{8,}\s*$/;

/**
 * A value meant as a link (ask it of one that is not exactly a well-formed
 * link; issue 20 item 9): a known prefix with nothing, too much or trailing whitespace after it
 * (a bare /APL, an over-long code, a pasted 'APL…%20'), or a code behind a
 * mistyped prefix. The welcome page shows its ERROR state for these and
 * 'Page Not Found' for anything else (/no/such/page, /definitely-not-a-link).
 */
export function looksLikeLink(value: string | null | undefined): boolean {
  const v = value ?? "";
  return PREFIX_FIRST.test(v) || MISTYPED_PREFIX.test(v);
}

/** The failure code of a value that looks like a link but is malformed. */
export function malformedLinkFailure(value: string): "MD_LINK_INVALID" | "APPT_LINK_INVALID" {
  return /^MD/i.test(value) && !MISTYPED_PREFIX.test(value) ? "MD_LINK_INVALID" : "APPT_LINK_INVALID";
}
