-- Filing through an adapter (issue 37 item 4, decision 0112): a run's batch of filings, the files a
-- file run wrote (stored encrypted, downloaded once, purged), and on each filing the batch that
-- sent it, when, and when the state answered.
-- AlterTable
ALTER TABLE "appointment_filings" ADD COLUMN     "answered_at" TIMESTAMPTZ(3),
ADD COLUMN     "filed_at" TIMESTAMPTZ(3),
ADD COLUMN     "filing_batch_id" UUID;

-- CreateTable
CREATE TABLE "filing_batches" (
    "id" UUID NOT NULL,
    "adapter" TEXT NOT NULL,
    "period_from" DATE NOT NULL,
    "period_to" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" UUID,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "filing_batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "filing_files" (
    "id" UUID NOT NULL,
    "batch_id" UUID NOT NULL,
    "layout" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "row_count" INTEGER NOT NULL,
    "stored_file_id" UUID,
    "downloaded_at" TIMESTAMPTZ(3),
    "downloaded_by_id" UUID,
    "purged_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "filing_files_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "filing_files_batch_id_idx" ON "filing_files"("batch_id");

-- CreateIndex
CREATE INDEX "filing_files_created_at_idx" ON "filing_files"("created_at");

-- CreateIndex
CREATE INDEX "appointment_filings_filing_batch_id_idx" ON "appointment_filings"("filing_batch_id");

-- AddForeignKey
ALTER TABLE "appointment_filings" ADD CONSTRAINT "appointment_filings_filing_batch_id_fkey" FOREIGN KEY ("filing_batch_id") REFERENCES "filing_batches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "filing_files" ADD CONSTRAINT "filing_files_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "filing_batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "filing_files" ADD CONSTRAINT "filing_files_stored_file_id_fkey" FOREIGN KEY ("stored_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- What schema.prisma cannot say (the schema-drift test lists them): the adapters and layouts known.
ALTER TABLE "filing_batches" ADD CONSTRAINT "filing_batches_adapter_known" CHECK ("adapter" IN ('file', 'http'));
ALTER TABLE "filing_files" ADD CONSTRAINT "filing_files_layout_known" CHECK ("layout" IN ('GENERIC_APPOINTMENTS', 'FL_APPOINTMENTS', 'GENERIC_TERMINATIONS', 'FL_TERMINATIONS'));
