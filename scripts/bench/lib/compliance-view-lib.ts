// The portal code the compliance EXPLAIN calls (bundled by scripts/lib/import-ts.mjs).
import { compliancePageSql, complianceReportSql } from "../../../app/features/licences/compliance-view.server";
import { PIPELINE_SQL, pipelineSince } from "../../../app/features/pipeline/pipeline.server";
import { disconnectPrisma } from "../../../app/lib/db.server";
import { prepare } from "./reports-lib";

export { compliancePageSql, complianceReportSql, disconnectPrisma, PIPELINE_SQL, pipelineSince, prepare };
