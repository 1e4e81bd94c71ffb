// The root loader's data as components read it (layouts, nav, footer).
// May be missing while the root ErrorBoundary renders after a root failure.
import { useRouteLoaderData } from "@remix-run/react";
import type { ShellContext } from "~/lib/shell.server";
import type { CurrentUser } from "~/lib/current-user";
import { FALLBACK_TITLE } from "~/lib/meta";

export type RootData = {
  defaultTitle: string;
  supportUrl: string;
  /** The server's current year (copyright line; avoids a hydration mismatch). */
  year: number;
  user: CurrentUser | null;
  shell: ShellContext | null;
  /** The zone times are shown in: the viewer's browser's (its tz cookie), else TIME_ZONE. */
  timeZone: string;
};

export const FOUNDED_YEAR = 1850;

export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  return (
    data ?? {
      defaultTitle: FALLBACK_TITLE,
      supportUrl: "",
      year: new Date().getFullYear(),
      user: null,
      shell: null,
      timeZone: "UTC",
    }
  );
}
