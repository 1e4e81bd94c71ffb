-- The daily state-filings job's record of what it told the administrators (issue 37 item 6,
-- decision 0114): one row per filing and stage (5 days before, on the day, overdue).
-- CreateTable
CREATE TABLE "filing_notices" (
    "filing_kind" TEXT NOT NULL,
    "filing_id" UUID NOT NULL,
    "stage" TEXT NOT NULL,
    "due_date" DATE NOT NULL,
    "notified_on" DATE NOT NULL,

    CONSTRAINT "filing_notices_pkey" PRIMARY KEY ("filing_kind","filing_id","stage")
);

