// Where the licence screens go back to after a detour from the review screen (decision 0098): only
// a review path of the portal, /admin/review/<id>, is accepted as `?return=` (never a redirect to
// anywhere a link could name). Client-safe: the review screen builds its links with it too.

const REVIEW_PATH = /^\/admin\/review\/[1-9][0-9]{0,8}$/;

/** The review path `raw` names, or null. */
export function reviewReturn(raw: string | null | undefined): string | null {
  return raw && REVIEW_PATH.test(raw) ? raw : null;
}

/** `path` with `?return=<review>` added to its query (kept as it is when `review` is not a review path). */
export function withReturn(path: string, review: string | null): string {
  const back = reviewReturn(review);
  if (!back) return path;
  const [beforeHash, hash] = path.split("#", 2) as [string, string | undefined];
  const sep = beforeHash.includes("?") ? "&" : "?";
  return `${beforeHash}${sep}return=${encodeURIComponent(back)}${hash ? `#${hash}` : ""}`;
}
