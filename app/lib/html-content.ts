// Whether HTML shows anything (the one rule of 'the invitation text is
// empty', decision 0046): some visible text or an image. Whitespace,
// non-breaking and zero-width spaces are not visible; neither is the content
// of script, style, template, noscript, textarea, option, xmp and title, nor
// comments. Exact on the sanitizer's output (app/lib/html.server.ts), which
// is what the send path and the job check; the form's schema runs it on the
// typed HTML too (also in the browser, where the sanitizer is not), so an
// emptied editor or a lone <script> is refused next to the field at once.
// No server imports: the browser bundle uses it.

const HIDDEN = /<(script|style|template|noscript|textarea|option|xmp|title)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const IMAGE = /<img\b[^>]*\ssrc\s*=\s*(?:"\s*[^"\s]|'\s*[^'\s]|[^\s"'>])/i;
const BLANK_ENTITY = /&(?:nbsp|ensp|emsp|thinsp|zwsp|zwnj|zwj|#0*160|#x0*a0|#0*8203|#x0*200b|#0*65279|#x0*feff);/gi;

export function hasVisibleContent(html: string): boolean {
  const shown = html.replace(COMMENT, "").replace(HIDDEN, "");
  if (IMAGE.test(shown)) return true;
  const text = shown.replace(/<[^>]*>/g, "").replace(BLANK_ENTITY, " ");
  return /[^\s\u00a0\u2000-\u200d\u202f\u205f\u3000\ufeff]/.test(text);
}
