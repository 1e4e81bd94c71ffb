// Liveness: the process answers. Asks nothing else, so that an outage of the
// database never gets a healthy process restarted (docs/operations.md, 'Health').
import { healthResponse } from "~/lib/health.server";

export const loader = () => healthResponse({ status: "ok" }, true);
