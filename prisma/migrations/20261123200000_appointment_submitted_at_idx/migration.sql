-- The dashboard's submissions sparkline (decision 0027) reads the applications
-- submitted in the last 12 weeks: without this index it was a sequential scan
-- of every application (37 to 41 ms at 100,600 applications, scripts/bench/pipeline.mjs).

-- CreateIndex
CREATE INDEX "appointments_submitted_at_idx" ON "appointments"("submitted_at");
