// Small HTTP helpers for the identity provider's own pages (Koa context of
// oidc-provider): form bodies, security headers, CSRF and same-origin checks.
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { KoaContext } from "oidc-provider";
import { parseUrlencoded } from "~/lib/utf8.server";

const MAX_FORM_BYTES = 64 * 1024;
/** The provider's longest form (sign-up) posts about ten fields. */
const MAX_FORM_FIELDS = 100;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads an application/x-www-form-urlencoded body: at most 64 KiB (a declared
 * length over it is refused before a byte is read) and MAX_FORM_FIELDS fields.
 * A repeated field is harmless here: formValues takes the first value.
 * A name or value that is not UTF-8 once percent-decoded is refused (400).
 */
export async function readForm(ctx: KoaContext): Promise<URLSearchParams> {
  const type = String(ctx.get("content-type") || "").split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") throw new HttpError(415, "Unsupported form encoding");
  const declared = Number(ctx.get("content-length") || "0");
  if (declared > MAX_FORM_BYTES) throw new HttpError(413, "Form too large");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_FORM_BYTES) throw new HttpError(413, "Form too large");
    chunks.push(buf);
  }
  const body = Buffer.concat(chunks);
  const fields = parseUrlencoded(body);
  if (fields && fields.length > MAX_FORM_FIELDS) throw new HttpError(413, "Form too large");
  // Bytes that are not UTF-8 (`%FF`): URLSearchParams would hand U+FFFD on (decision 0039).
  if (!fields) throw new HttpError(400, "The form has characters that are not UTF-8 text");
  return new URLSearchParams(fields);
}

/** The form's fields as strings (first value of each; files are not expected). */
export function formValues(form: URLSearchParams, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) out[n] = form.get(n) ?? "";
  return out;
}

/**
 * Headers of every page we render: a strict CSP (our stylesheet only, no
 * scripts, forms may post to us and be redirected to the portal), no framing,
 * no caching, and no referrer to other origins (reset links carry a token).
 * Not "no-referrer": with it browsers send `Origin: null` on our own form posts.
 */
export function securityHeaders(ctx: KoaContext, formTargets: string[]) {
  const targets = ["'self'", ...new Set(formTargets)].join(" ");
  ctx.set(
    "Content-Security-Policy",
    [
      "default-src 'none'",
      "style-src 'self'",
      "img-src 'self' data:",
      `form-action ${targets}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join("; "),
  );
  ctx.set("X-Frame-Options", "DENY");
  ctx.set("X-Content-Type-Options", "nosniff");
  ctx.set("Referrer-Policy", "same-origin");
  ctx.set("Cache-Control", "no-store");
  ctx.set("Pragma", "no-cache");
}

export function sendHtml(ctx: KoaContext, status: number, html: string, formTargets: string[]) {
  securityHeaders(ctx, formTargets);
  ctx.status = status;
  ctx.type = "text/html; charset=utf-8";
  ctx.body = html;
}

export function redirect303(ctx: KoaContext, location: string) {
  ctx.set("Cache-Control", "no-store");
  ctx.status = 303;
  ctx.redirect(location);
  ctx.status = 303;
}

/**
 * Refuses cross-site form posts: the Origin header, when the browser sends
 * one, must be our own origin, and Sec-Fetch-Site must not say cross-site.
 */
export function assertSameOrigin(ctx: KoaContext) {
  const origin = ctx.get("origin");
  // Koa 3's ctx.origin is the Origin request header; our own origin is protocol + host.
  // "null" (privacy settings, opaque origins) is left to the token / interaction cookie checks.
  if (origin && origin !== "null" && origin !== `${ctx.protocol}://${ctx.host}`) {
    throw new HttpError(403, "Cross-site form submissions are not accepted");
  }
  const site = ctx.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") {
    throw new HttpError(403, "Cross-site form submissions are not accepted");
  }
}

const CSRF_COOKIE = "idp_csrf";

/** The double-submit token of this browser (set as an httpOnly cookie on first use). */
export function csrfToken(ctx: KoaContext, secure: boolean): string {
  const existing = ctx.cookies.get(CSRF_COOKIE, { signed: true });
  if (existing && /^[A-Za-z0-9_-]{32,64}$/.test(existing)) return existing;
  const token = randomBytes(24).toString("base64url");
  ctx.cookies.set(CSRF_COOKIE, token, { httpOnly: true, sameSite: "lax", path: "/", signed: true, secure, overwrite: true });
  return token;
}

/** Same origin, and the form's csrf field equals the cookie. */
export function assertCsrf(ctx: KoaContext, form: URLSearchParams) {
  assertSameOrigin(ctx);
  const cookie = ctx.cookies.get(CSRF_COOKIE, { signed: true }) ?? "";
  const field = form.get("csrf") ?? "";
  const a = Buffer.from(cookie);
  const b = Buffer.from(field);
  if (!cookie || a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new HttpError(403, "Your form expired. Go back, reload the page and try again.");
  }
}

export function requestInfo(ctx: KoaContext) {
  return { ip: ctx.ip || null, userAgent: ctx.get("user-agent") || null };
}
