-- Hierarchy import (issue 11, decision 0032): one row per import of a CSV
-- book of agents, with its progress, counts and line-numbered errors.

-- CreateTable
CREATE TABLE "agent_import_runs" (
    "id" SERIAL NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'QUEUED',
    "file_id" UUID,
    "file_name" TEXT NOT NULL,
    "file_bytes" INTEGER NOT NULL DEFAULT 0,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "percent" INTEGER NOT NULL DEFAULT 0,
    "rows_read" INTEGER NOT NULL DEFAULT 0,
    "rows_valid" INTEGER NOT NULL DEFAULT 0,
    "rows_written" INTEGER NOT NULL DEFAULT 0,
    "inserted" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "moved" INTEGER NOT NULL DEFAULT 0,
    "closure_rows" INTEGER NOT NULL DEFAULT 0,
    "error_count" INTEGER NOT NULL DEFAULT 0,
    "errors" JSONB NOT NULL DEFAULT '[]',
    "message" TEXT,

    CONSTRAINT "agent_import_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agent_import_runs_created_at_idx" ON "agent_import_runs"("created_at");
