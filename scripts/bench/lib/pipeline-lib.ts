// The portal code the pipeline bench calls (bundled by scripts/lib/import-ts.mjs).
import { getPipeline, pipelineCounts, PIPELINE_SQL, pipelineSince, SPARKLINE_SQL, submissionsByWeek } from "../../../app/features/pipeline/pipeline.server";
import { sparkSince } from "../../../app/features/pipeline/chart";
import { disconnectPrisma } from "../../../app/lib/db.server";
import { prepare } from "./reports-lib";

export { disconnectPrisma, getPipeline, pipelineCounts, PIPELINE_SQL, pipelineSince, prepare, SPARKLINE_SQL, sparkSince, submissionsByWeek };
