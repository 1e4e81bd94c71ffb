// The shape of an invitation or appointment link as it appears in a URL
// (`/{lnk}`) or is typed into the link prompt (spec part 1 §5).
// Whether the link exists and is usable is checked later, on the server.
import { z } from "zod";
import { LINK_INVALID, LINK_REQUIRED } from "./messages";

export { LINK_INVALID, LINK_REQUIRED };
export const LINK_MAX_LENGTH = 64;

/** MLT (multi-link), EXT (external invitation), USR (user), MD (marketing director). */
export const LINK_PREFIXES = ["MLT", "EXT", "USR", "MD"] as const;
export type LinkPrefix = (typeof LINK_PREFIXES)[number];

const LINK_PATTERN = /^(MLT|EXT|USR|MD)[A-Za-z0-9-]+$/i;

export const linkSchema = z
  .string({ error: LINK_REQUIRED })
  .trim()
  .min(1, { error: LINK_REQUIRED, abort: true })
  .refine((v) => !/^http/i.test(v) && !v.includes("/"), { error: LINK_INVALID, abort: true })
  .refine((v) => v.length <= LINK_MAX_LENGTH && LINK_PATTERN.test(v), LINK_INVALID);

/** The form of the link prompt. */
export const linkFormSchema = z.object({ link: linkSchema });

/** The link's prefix, upper-cased (the prefix is case-insensitive). */
export function linkPrefix(link: string): LinkPrefix | null {
  const m = LINK_PATTERN.exec(link.trim());
  if (!m) return null;
  return m[1].toUpperCase() as LinkPrefix;
}

/** True when the value is a well-formed link. */
export function isLinkShaped(value: string | null | undefined): value is string {
  return linkSchema.safeParse(value ?? "").success;
}
