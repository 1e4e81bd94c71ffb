-- Terminations (issue 37 item 3, decision 0111): deactivating a position makes one termination to
-- file per state it was appointed in, with the state's reason (code and meaning copied), the
-- effective date, the due date, and for cause the case (notice to the commissioner, copy to the
-- producer, documents). An appointment filing not yet with the state is withdrawn with a reason.
-- AlterTable
ALTER TABLE "appointment_filings" ADD COLUMN     "withdrawn_reason" TEXT;

-- CreateTable
CREATE TABLE "terminations" (
    "id" UUID NOT NULL,
    "agent_id" INTEGER NOT NULL,
    "npn" TEXT NOT NULL,
    "state_code" TEXT NOT NULL,
    "licence_number" TEXT,
    "carrier_id" INTEGER NOT NULL,
    "reason_code" TEXT NOT NULL,
    "reason_label" TEXT NOT NULL,
    "for_cause" BOOLEAN NOT NULL,
    "effective_date" DATE NOT NULL,
    "due_date" DATE NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'TO_FILE',
    "rejection_reason" TEXT,
    "source" TEXT NOT NULL,
    "notice_method" TEXT,
    "notice_sent_on" DATE,
    "notice_sent_by_id" UUID,
    "producer_copy_due_date" DATE,
    "producer_copy_sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "terminations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "termination_documents" (
    "termination_id" UUID NOT NULL,
    "stored_file_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" UUID,

    CONSTRAINT "termination_documents_pkey" PRIMARY KEY ("termination_id","stored_file_id")
);

-- CreateIndex
CREATE INDEX "terminations_status_due_date_idx" ON "terminations"("status", "due_date");

-- CreateIndex
CREATE UNIQUE INDEX "terminations_agent_id_state_code_effective_date_key" ON "terminations"("agent_id", "state_code", "effective_date");

-- AddForeignKey
ALTER TABLE "terminations" ADD CONSTRAINT "terminations_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "terminations" ADD CONSTRAINT "terminations_state_code_fkey" FOREIGN KEY ("state_code") REFERENCES "state_rules"("state_code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "terminations" ADD CONSTRAINT "terminations_carrier_id_fkey" FOREIGN KEY ("carrier_id") REFERENCES "carriers"("carrier_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "termination_documents" ADD CONSTRAINT "termination_documents_termination_id_fkey" FOREIGN KEY ("termination_id") REFERENCES "terminations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "termination_documents" ADD CONSTRAINT "termination_documents_stored_file_id_fkey" FOREIGN KEY ("stored_file_id") REFERENCES "stored_files"("id") ON DELETE CASCADE ON UPDATE CASCADE;



-- What schema.prisma cannot say (the schema-drift test lists them): the statuses, a REJECTED one
-- gives the state's reason, a WITHDRAWN filing says why, a for-cause termination has its case.
ALTER TABLE "terminations" ADD CONSTRAINT "terminations_status_known" CHECK ("status" IN ('TO_FILE', 'FILED', 'ACCEPTED', 'REJECTED') AND ("status" <> 'REJECTED' OR "rejection_reason" IS NOT NULL) AND "source" IN ('SCREEN', 'IMPORT', 'API'));
ALTER TABLE "terminations" ADD CONSTRAINT "terminations_case_known" CHECK (NOT "for_cause" OR ("notice_method" IN ('ELECTRONIC', 'LETTER') AND "producer_copy_due_date" IS NOT NULL));
ALTER TABLE "appointment_filings" ADD CONSTRAINT "appointment_filings_withdrawn_reason" CHECK ("status" <> 'WITHDRAWN' OR "withdrawn_reason" IS NOT NULL);
