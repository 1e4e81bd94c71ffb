// axe-core in a test page: the violations as short readable lines (rule, impact, where, what to fix).
// One helper for every e2e file (13 copies before, 27 Nov).
//
// Legacy mode: axe runs in the page itself. The default mode of @axe-core/playwright opens a second,
// blank page for its last step and injects axe-core (500 KB) there again: 2.6 s against 6.2 s per
// check on a busy 2-core machine (27 Nov), and it stalled under load. Only violations are collected
// (resultTypes): axe then skips describing every passing node. A sandboxed iframe (a captured mail's
// HTML on /dev/mail/{id}: no scripts) is left out: axe cannot run inside it and would wait forever.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

const AXE_TIMEOUT_MS = 90_000;

/** axe-core's violations on the page as it is now; `where` starts each line (empty: the rule first). */
export async function axeViolations(page: Page, where = ""): Promise<string[]> {
  const analysis = new AxeBuilder({ page })
    .exclude("iframe[sandbox]")
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), AXE_TIMEOUT_MS)));
  const result = await Promise.race([analysis, late]).finally(() => clearTimeout(timer));
  const prefix = where ? `${where}: ` : "";
  if (!result) return [`${prefix}axe-core did not finish in ${AXE_TIMEOUT_MS / 1000} s`];
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${prefix}${v.id} (${v.impact}) ${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1]?.trim() ?? v.help}`),
  );
}
