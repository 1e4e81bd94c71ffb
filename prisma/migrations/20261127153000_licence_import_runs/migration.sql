-- CreateTable
CREATE TABLE "licence_import_runs" (
    "id" SERIAL NOT NULL,
    "purpose" TEXT NOT NULL DEFAULT 'IMPORT',
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
    "licences" INTEGER NOT NULL DEFAULT 0,
    "npns" INTEGER NOT NULL DEFAULT 0,
    "inserted" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "unchanged" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "error_count" INTEGER NOT NULL DEFAULT 0,
    "errors" JSONB NOT NULL DEFAULT '[]',
    "message" TEXT,

    CONSTRAINT "licence_import_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "licence_import_runs_purpose_status_id_idx" ON "licence_import_runs"("purpose", "status", "id");

