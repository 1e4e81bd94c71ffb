// The portal's plain refusal page and the request-body cap, shared by the HTTP
// server's guards (server/http-server.ts, before Remix) and the routes and
// form reading that answer the same way (form.server.ts, the download routes).
import { env } from "./env.server";
import { escapeHtml } from "./html.server";

/** The largest body of any request but an upload: the longest application section is a few KiB. */
export const MAX_BODY_BYTES = 256 * 1024;
/** A plain page for refusals answered outside Remix (no scripts, no styles needed). */
export function refusalPage(status: number, title: string, message: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} : ${escapeHtml(env().DEFAULT_TITLE)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/home">Back to the portal</a></p>
<p style="color:#666">Error ${status}</p>
</body></html>
`;
}

export const BODY_TOO_LARGE = {
  title: "Request Too Large",
  message: "What was sent is larger than the portal accepts. Nothing was saved. Go back and try again with less data.",
} as const;

export class PayloadTooLarge extends Error {
  constructor() {
    super("request body over the limit");
  }
}
