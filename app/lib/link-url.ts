// The one rule for link addresses in rich text (email templates and
// invitations): the schemes the server's sanitizer keeps
// (app/lib/html.server.ts) and the rich-text editor's link prompt accepts
// (app/components/RichTextEditor.client.tsx). Client-safe: no server code.

/** Schemes a link in stored HTML may use (sanitize-html's `allowedSchemes`). */
export const LINK_SCHEMES = ["http", "https", "mailto"] as const;

export const LINK_URL_MESSAGE = "Enter an address that starts with https://, http:// or mailto:";

/**
 * True for an address the link prompt accepts: an absolute http(s) URL with
 * a host, or mailto: with an address. Anything else (javascript:, data:,
 * relative paths, bare words) is refused.
 */
export function isAllowedLinkUrl(input: string): boolean {
  const url = input.trim();
  if (!url || /[\s<>"]/.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const scheme = parsed.protocol.replace(/:$/, "").toLowerCase();
  if (!(LINK_SCHEMES as readonly string[]).includes(scheme)) return false;
  if (scheme === "mailto") return parsed.pathname.length > 0;
  return parsed.hostname.length > 0;
}
