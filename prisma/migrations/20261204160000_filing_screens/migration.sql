-- ADMIN > State Filings (issue 37 item 5, decision 0113): the day a request was filed with the state
-- (why one was withdrawn is 20261204140000's withdrawn_reason).
ALTER TABLE "appointment_filings" ADD COLUMN "filed_date" DATE;
-- One record of the day a filing was filed: filed_date, set by a file or http run as by an
-- administrator (the adapter's filed_at of 20261204150000 said the same as a time).
ALTER TABLE "appointment_filings" DROP COLUMN "filed_at";
