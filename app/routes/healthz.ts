// Readiness under its historical name (the Dockerfile's HEALTHCHECK, load balancers): the same answer as /readyz.
import { readinessResponse } from "~/lib/health.server";

export const loader = () => readinessResponse();
