-- Issue 20 item 12 (decision 0049): the date an agent became active, as the
-- hierarchy import's activeDate column gives it (decision 0032 checked it but
-- kept nothing). The downline report's Date shows it; an agent without one
-- (created by approval, or imported without the column) shows its creation date.

-- AlterTable
ALTER TABLE "agents" ADD COLUMN "active_date" DATE;
