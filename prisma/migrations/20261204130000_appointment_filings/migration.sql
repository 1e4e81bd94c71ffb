-- Appointment filings (issue 37 item 2, decision 0109): one appointment to file with a state per
-- agent position, state and line of authority, created by the approval in its transaction, with
-- its due date from the state's rule and its status. The carrier's NAIC company code goes on
-- every filing: five digits, or not known yet.
-- AlterTable
ALTER TABLE "carriers" ADD COLUMN     "naic_company_code" TEXT;

-- CreateTable
CREATE TABLE "appointment_filings" (
    "id" UUID NOT NULL,
    "agent_id" INTEGER NOT NULL,
    "appointment_id" INTEGER,
    "npn" TEXT NOT NULL,
    "state_code" TEXT NOT NULL,
    "line_of_authority" TEXT NOT NULL,
    "licence_number" TEXT,
    "carrier_id" INTEGER NOT NULL,
    "effective_date" DATE,
    "first_business_date" DATE,
    "due_date" DATE,
    "fee_amount" DECIMAL(10,2) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'TO_FILE',
    "held_reason" TEXT,
    "rejection_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "appointment_filings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "appointment_filings_status_due_date_idx" ON "appointment_filings"("status", "due_date");

-- CreateIndex
CREATE INDEX "appointment_filings_npn_idx" ON "appointment_filings"("npn");

-- CreateIndex
CREATE INDEX "appointment_filings_appointment_id_idx" ON "appointment_filings"("appointment_id");

-- CreateIndex
CREATE UNIQUE INDEX "appointment_filings_agent_id_state_code_line_of_authority_key" ON "appointment_filings"("agent_id", "state_code", "line_of_authority");

-- AddForeignKey
ALTER TABLE "appointment_filings" ADD CONSTRAINT "appointment_filings_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_filings" ADD CONSTRAINT "appointment_filings_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_filings" ADD CONSTRAINT "appointment_filings_state_code_fkey" FOREIGN KEY ("state_code") REFERENCES "state_rules"("state_code") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "appointment_filings" ADD CONSTRAINT "appointment_filings_carrier_id_fkey" FOREIGN KEY ("carrier_id") REFERENCES "carriers"("carrier_id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- What schema.prisma cannot say (the schema-drift test lists them): the NAIC code's form, and
-- the statuses a filing may have (a HELD one says why, a REJECTED one gives the state's reason).
ALTER TABLE "carriers" ADD CONSTRAINT "carriers_naic_company_code_format" CHECK ("naic_company_code" ~ '^[0-9]{5}$');
ALTER TABLE "appointment_filings" ADD CONSTRAINT "appointment_filings_status_known" CHECK ("status" IN ('TO_FILE', 'FILED', 'ACCEPTED', 'REJECTED', 'WITHDRAWN', 'HELD') AND ("status" <> 'HELD' OR "held_reason" IS NOT NULL) AND ("status" <> 'REJECTED' OR "rejection_reason" IS NOT NULL));
