// Page titles: '{route title} : {default title}' (spec part 1 §2, part 3 §2).
// The default title comes from the root loader (setting DEFAULT_TITLE).
import type { MetaFunction } from "@remix-run/node";

export const FALLBACK_TITLE = "Appointment Portal";

type MatchLike = { id: string; data?: unknown };

/** The default title carried by the root loader data, or the fallback. */
export function defaultTitle(matches: ReadonlyArray<MatchLike> | undefined): string {
  const root = matches?.find((m) => m.id === "root");
  const data = root?.data as { defaultTitle?: unknown } | null | undefined;
  const t = data && typeof data.defaultTitle === "string" ? data.defaultTitle.trim() : "";
  return t || FALLBACK_TITLE;
}

/** '{route title} : {default title}', or just the default title when the route has none. */
export function pageTitle(routeTitle: string | null | undefined, matches?: ReadonlyArray<MatchLike>): string {
  const base = defaultTitle(matches);
  const t = routeTitle?.trim();
  return t ? `${t} : ${base}` : base;
}

/** A route `meta` export for a fixed route title: `export const meta = titleMeta("Dashboard")`. */
export function titleMeta(routeTitle: string): MetaFunction {
  return ({ matches }) => [{ title: pageTitle(routeTitle, matches) }];
}
