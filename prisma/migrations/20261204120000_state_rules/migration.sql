-- State rules as data (issue 37 item 1, decision 0108): each state's appointment timing, termination
-- deadlines, backdating, county appointments, renewal fees and accepted termination reasons, seeded
-- at start-up and edited by administrators. Whether a state is a pre-appointment state is now its
-- rule's timing: the flag on state_fees goes (the seed writes PA and MT as PRE_APPOINTMENT).
-- AlterTable
ALTER TABLE "state_fees" DROP COLUMN "is_pre_appointment";

-- CreateTable
CREATE TABLE "state_rules" (
    "state_code" TEXT NOT NULL,
    "appointment_timing" TEXT NOT NULL,
    "appointment_days" INTEGER,
    "termination_days" INTEGER NOT NULL,
    "termination_for_cause_days" INTEGER NOT NULL,
    "producer_copy_days" INTEGER NOT NULL,
    "for_cause_electronic" BOOLEAN NOT NULL,
    "backdate_max_days" INTEGER,
    "county_appointments" BOOLEAN NOT NULL,
    "renewal_resident_fee_amount" DECIMAL(10,2) NOT NULL,
    "renewal_non_resident_fee_amount" DECIMAL(10,2) NOT NULL,
    "edited_at" TIMESTAMPTZ(3),
    "edited_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "state_rules_pkey" PRIMARY KEY ("state_code")
);

-- CreateTable
CREATE TABLE "state_termination_reasons" (
    "id" SERIAL NOT NULL,
    "state_code" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "for_cause" BOOLEAN NOT NULL DEFAULT false,
    "sort_order" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "state_termination_reasons_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "state_termination_reasons_state_code_code_key" ON "state_termination_reasons"("state_code", "code");

-- AddForeignKey
ALTER TABLE "state_rules" ADD CONSTRAINT "state_rules_state_code_fkey" FOREIGN KEY ("state_code") REFERENCES "state_fees"("state_code") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "state_termination_reasons" ADD CONSTRAINT "state_termination_reasons_state_code_fkey" FOREIGN KEY ("state_code") REFERENCES "state_rules"("state_code") ON DELETE CASCADE ON UPDATE CASCADE;

