-- Terminations filed through the adapter like appointment filings (issue 37 item 6): the batch that
-- sent one, the day it was filed and when the state's answer was applied.
-- AlterTable
ALTER TABLE "terminations" ADD COLUMN     "answered_at" TIMESTAMPTZ(3),
ADD COLUMN     "filed_date" DATE,
ADD COLUMN     "filing_batch_id" UUID;

-- AddForeignKey
ALTER TABLE "terminations" ADD CONSTRAINT "terminations_filing_batch_id_fkey" FOREIGN KEY ("filing_batch_id") REFERENCES "filing_batches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

