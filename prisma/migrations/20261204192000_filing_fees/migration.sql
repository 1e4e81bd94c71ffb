-- Each appointment filing's fee: how it is paid and when it is charged (issue 37 item 7,
-- decision 0117). Existing rows are filled from what was decided at their approval: the
-- approval's fee ledger (fee_collections, CARD or COMMISSION) and the state's timing now. The
-- defaults are the spec's 'otherwise' (deducted from commissions; charged at the first business).
-- AlterTable
ALTER TABLE "appointment_filings" ADD COLUMN     "fee_charged_when" TEXT NOT NULL DEFAULT 'FIRST_BUSINESS',
ADD COLUMN     "fee_paid_by" TEXT NOT NULL DEFAULT 'COMMISSIONS';

UPDATE "appointment_filings" f SET "fee_charged_when" = 'FILING'
  FROM "state_rules" r WHERE r."state_code" = f."state_code" AND r."appointment_timing" = 'PRE_APPOINTMENT';
UPDATE "appointment_filings" f SET "fee_paid_by" = 'CARD'
  WHERE EXISTS (SELECT 1 FROM "fee_collections" c WHERE c."appointment_id" = f."appointment_id" AND c."method_code" = 'CARD');

ALTER TABLE "appointment_filings" ADD CONSTRAINT "appointment_filings_fee_known" CHECK ("fee_paid_by" IN ('CARD', 'COMMISSIONS') AND "fee_charged_when" IN ('FILING', 'FIRST_BUSINESS'));

-- CreateIndex
CREATE INDEX "appointment_filings_filed_date_idx" ON "appointment_filings"("filed_date");

-- CreateIndex
CREATE INDEX "appointment_filings_first_business_date_idx" ON "appointment_filings"("first_business_date");
