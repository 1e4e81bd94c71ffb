// Readiness: the database answers, the storage is usable, the job runner runs (docs/operations.md, 'Health').
import { readinessResponse } from "~/lib/health.server";

export const loader = () => readinessResponse();
