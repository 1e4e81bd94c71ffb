-- ADMIN > State Filings (issue 37 item 5, decision 0113): the day an administrator filed a request
-- with the state, and why a request was withdrawn (required then: a withdrawal says why).
ALTER TABLE "appointment_filings" ADD COLUMN "filed_date" DATE;
ALTER TABLE "appointment_filings" ADD COLUMN "withdrawal_reason" TEXT;
-- One record of the day a filing was filed: filed_date, set by a file or http run as by an
-- administrator (the adapter's filed_at of 20261204150000 said the same as a time).
ALTER TABLE "appointment_filings" DROP COLUMN "filed_at";
