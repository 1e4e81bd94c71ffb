// Strict UTF-8 for what a client sends (issue 18 item 9, decision 0039).
// Browsers send forms and addresses as UTF-8 (percent-encoded in an address
// and a urlencoded body). The platform's readers (URLSearchParams, Request's
// formData(), TextDecoder without `fatal`, Buffer's toString) replace bytes
// that are not UTF-8 with U+FFFD without a word, so a forged `%FF` or
// `%C0%80` (an overlong NUL) was stored as '�' on /profile, the application,
// the templates and /invite (and sent in an invitation). These checks find
// such bytes so that the form reader (form.server.ts), the upload reader
// (documents/receive-upload.server.ts), the address guard (server/http-server.ts)
// and the provider's form reader (idp/http.server.ts) refuse them with 400.
import { isUtf8 } from "node:buffer";

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The bytes as text, or null when they are not UTF-8 (a BOM is kept, as URLSearchParams keeps it). */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strict.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The text of the first bytes of a field that was cut at a byte cap: a
 * character cut in two at the end is left out (it is not the client's
 * fault), any other byte that is not UTF-8 gives null.
 */
export function decodeUtf8Prefix(bytes: Uint8Array): string | null {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  try {
    return decoder.decode(bytes, { stream: true });
  } catch {
    return null;
  }
}

const hex = (b: number) => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
const hexValue = (b: number) => (b <= 0x39 ? b - 0x30 : (b | 0x20) - 0x57);

/** Percent-decoding as the URL standard does it: `%` not followed by two hex digits stays as it is; `+` a space in a form. */
function percentDecode(bytes: Uint8Array, plusIsSpace: boolean): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x25 && i + 2 < bytes.length && hex(bytes[i + 1]!) && hex(bytes[i + 2]!)) {
      out[n++] = (hexValue(bytes[i + 1]!) << 4) | hexValue(bytes[i + 2]!);
      i += 2;
    } else out[n++] = plusIsSpace && b === 0x2b ? 0x20 : b;
  }
  return out.subarray(0, n);
}

/**
 * An application/x-www-form-urlencoded body read as URLSearchParams reads it
 * (the URL standard's parser), or null when a name or a value, percent-decoded,
 * is not UTF-8.
 */
export function parseUrlencoded(bytes: Uint8Array): Array<[string, string]> | null {
  const out: Array<[string, string]> = [];
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x26 /* & */) continue;
    if (i > start) {
      const field = bytes.subarray(start, i);
      const eq = field.indexOf(0x3d /* = */);
      const name = decodeUtf8(percentDecode(eq === -1 ? field : field.subarray(0, eq), true));
      const value = decodeUtf8(percentDecode(eq === -1 ? new Uint8Array() : field.subarray(eq + 1), true));
      if (name === null || value === null) return null;
      out.push([name, value]);
    }
    start = i + 1;
  }
  return out;
}

/**
 * Whether a request target (path and query as Node gives it: a raw byte
 * over 0x7F as the character of that code) is UTF-8 once percent-decoded.
 * What a URL parser would otherwise make of it: U+FFFD in a search or a lookup.
 */
export function addressIsUtf8(target: string): boolean {
  for (let i = 0; i < target.length; i++) if (target.charCodeAt(i) > 0xff) return false;
  return isUtf8(percentDecode(Buffer.from(target, "latin1"), false));
}

/**
 * Whether a multipart/form-data body's part headers (names, file names) and
 * text parts (a part without a file name) are UTF-8; the files themselves are
 * bytes of any kind. A body whose framing cannot be found is left to the
 * parser (which refuses it).
 */
export function multipartTextIsUtf8(body: Uint8Array, contentType: string): boolean {
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  if (!boundary) return true;
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`);
  // The first delimiter may open the body without the CRLF before it.
  let at = buf.subarray(0, delimiter.length - 2).equals(delimiter.subarray(2)) ? -2 : buf.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    const next = buf.indexOf(delimiter, start);
    if (next === -1) break;
    const part = buf.subarray(start, next);
    const headEnd = part.indexOf("\r\n\r\n");
    if (headEnd !== -1) {
      const head = part.subarray(0, headEnd);
      if (!isUtf8(head)) return false;
      if (!/;\s*filename\*?=/i.test(head.toString("latin1")) && !isUtf8(part.subarray(headEnd + 4))) return false;
    }
    at = next;
  }
  return true;
}
