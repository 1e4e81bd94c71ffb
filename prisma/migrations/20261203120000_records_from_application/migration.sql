-- Records from the application (decision 0098): at submission the certificates an applicant
-- uploaded become credentials with source APPLICATION, whose expiry nobody has stated yet. Only
-- those may lack an expiry: every other source keeps the date the rules read.
ALTER TABLE "producer_credentials" ALTER COLUMN "expiry_date" DROP NOT NULL;

-- schema.prisma cannot say it (tests/integration/schema-drift.test.ts knows this constraint).
ALTER TABLE "producer_credentials"
  ADD CONSTRAINT "producer_credentials_expiry_known" CHECK ("expiry_date" IS NOT NULL OR "source" = 'APPLICATION');
