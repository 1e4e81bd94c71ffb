// The shapes of the settings' values (env.server.ts's schema): each refusal names what the setting is
// and what it accepts, so a wrong value stops the start with the operator's whole answer.
import { z } from "zod";

export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

export const int = (fallback: number) =>
  z.coerce.number().int().nonnegative().default(fallback);

/**
 * A whole number from `min` to `max` (`fallback` when unset or blank); anything else stops the start
 * with "<what>, a whole number from <min> to <max> (got ...)" and the setting's name. `hint`: more
 * words after the value for a known mistake.
 */
export const wholeNumber = (what: string, min: number, max: number, fallback: number, hint: (raw: string) => string = () => "") =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const raw = v?.trim() ?? "";
      if (raw === "") return fallback;
      const n = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
      if (n >= min && n <= max) return n;
      ctx.addIssue({ code: "custom", message: `${what}, a whole number from ${min} to ${max} (got ${JSON.stringify(raw.slice(0, 40))}${hint(raw)})` });
      return z.NEVER;
    });

// ---- Shapes checked before anything starts (issue 19 item 13, decision 0042) ----

/** A TCP port: 1-65535 (0 where allowed: a free one is picked). */
export const port = (fallback: number, { zero = false } = {}) =>
  z.coerce
    .number()
    .int()
    .min(zero ? 0 : 1, zero ? "a port number from 0 (a free one) to 65535" : "a port number from 1 to 65535")
    .max(65535, "a port number up to 65535")
    .default(fallback);

/** Parses a URL or says what is wrong, with an example of the expected shape. */
export function urlSetting(what: string, example: string, check?: (url: URL) => string | undefined) {
  return optionalString.transform((v, ctx) => {
    if (v === undefined) return undefined;
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      ctx.addIssue({ code: "custom", message: `${what} must be a full URL such as ${example} (got ${JSON.stringify(v.slice(0, 80))})` });
      return z.NEVER;
    }
    const problem = check?.(url);
    if (problem) {
      ctx.addIssue({ code: "custom", message: `${problem}; expected a URL such as ${example}` });
      return z.NEVER;
    }
    return v;
  });
}

export const httpUrl = (what: string, example: string, { pathAllowed = true } = {}) =>
  urlSetting(what, example, (url) => {
    if (url.protocol !== "http:" && url.protocol !== "https:") return `${what} must start with http:// or https:// (got ${url.protocol})`;
    if (!url.hostname) return `${what} has no host name`;
    if (url.username || url.password) return `${what} must not contain a user name or password`;
    if (url.search || url.hash) return `${what} must not have a query (?…) or fragment (#…)`;
    if (!pathAllowed && url.pathname !== "/") {
      return `${what} must be the portal's origin without a path (got path ${JSON.stringify(url.pathname)}): the portal serves from / only`;
    }
    return undefined;
  });

/**
 * Secrets (README 'Secrets'): each may instead be given as a file, NAME_FILE=/run/secrets/name
 * (the Docker convention); env() reads the file. Never both.
 */
