-- Licences and credentials (issue 23, decision 0068): a producer's state licences and their lines
-- of authority, E&O / AML / product-training credentials with expiries, each agent position's
-- standing (in good order or not, and why), and the expiry notices already sent. Licences and
-- credentials are keyed by NPN, the producer's national number: one person's positions share them,
-- and they exist before the application that makes the person an agent is approved.
-- AlterTable
ALTER TABLE "product_types" ADD COLUMN     "line_of_authority" TEXT;

-- CreateTable
CREATE TABLE "producer_licences" (
    "id" UUID NOT NULL,
    "npn" TEXT NOT NULL,
    "state_code" TEXT NOT NULL,
    "licence_number" TEXT,
    "licence_class" TEXT NOT NULL DEFAULT 'Insurance Producer',
    "is_resident" BOOLEAN NOT NULL DEFAULT false,
    "loa_life" BOOLEAN NOT NULL DEFAULT false,
    "loa_accident_health" BOOLEAN NOT NULL DEFAULT false,
    "loa_variable" BOOLEAN NOT NULL DEFAULT false,
    "effective_date" DATE,
    "expiry_date" DATE,
    "status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "source" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_by_id" UUID,

    CONSTRAINT "producer_licences_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "producer_credentials" (
    "id" UUID NOT NULL,
    "npn" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "provider" TEXT,
    "policy_number" TEXT,
    "coverage_limit" DECIMAL(14,2),
    "course_name" TEXT,
    "carrier_id" INTEGER,
    "effective_date" DATE,
    "valid_months" INTEGER,
    "expiry_date" DATE NOT NULL,
    "stored_file_id" UUID,
    "source" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_by_id" UUID,

    CONSTRAINT "producer_credentials_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_compliance" (
    "agent_id" INTEGER NOT NULL,
    "standing" TEXT NOT NULL,
    "reasons" JSONB NOT NULL DEFAULT '[]',
    "next_expiry" DATE,
    "checked_on" DATE NOT NULL,
    "standing_since" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_compliance_pkey" PRIMARY KEY ("agent_id")
);

-- CreateTable
CREATE TABLE "compliance_notices" (
    "subject_kind" TEXT NOT NULL,
    "subject_id" UUID NOT NULL,
    "expiry_date" DATE NOT NULL,
    "threshold" INTEGER NOT NULL,
    "npn" TEXT NOT NULL,
    "sent_on" DATE NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "compliance_notices_pkey" PRIMARY KEY ("subject_kind","subject_id","expiry_date","threshold")
);

-- CreateIndex
CREATE INDEX "producer_licences_expiry_date_idx" ON "producer_licences"("expiry_date");

-- CreateIndex
CREATE INDEX "producer_licences_state_code_idx" ON "producer_licences"("state_code");

-- CreateIndex
CREATE UNIQUE INDEX "producer_licences_npn_state_code_key" ON "producer_licences"("npn", "state_code");

-- CreateIndex
CREATE INDEX "producer_credentials_npn_kind_idx" ON "producer_credentials"("npn", "kind");

-- CreateIndex
CREATE INDEX "producer_credentials_expiry_date_idx" ON "producer_credentials"("expiry_date");

-- CreateIndex
CREATE INDEX "agent_compliance_standing_idx" ON "agent_compliance"("standing");

-- CreateIndex
CREATE INDEX "agent_compliance_next_expiry_idx" ON "agent_compliance"("next_expiry");

-- CreateIndex
CREATE INDEX "compliance_notices_npn_idx" ON "compliance_notices"("npn");

-- CreateIndex
CREATE INDEX "agents_npn_idx" ON "agents"("npn");

-- AddForeignKey
ALTER TABLE "producer_credentials" ADD CONSTRAINT "producer_credentials_carrier_id_fkey" FOREIGN KEY ("carrier_id") REFERENCES "carriers"("carrier_id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "producer_credentials" ADD CONSTRAINT "producer_credentials_stored_file_id_fkey" FOREIGN KEY ("stored_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_compliance" ADD CONSTRAINT "agent_compliance_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The line of authority each product type needs (data, not code: a new product type names its own).
UPDATE "product_types" SET "line_of_authority" = 'LIFE' WHERE "product_type_code" = 'LIFE';
UPDATE "product_types" SET "line_of_authority" = 'ACCIDENT_HEALTH' WHERE "product_type_code" = 'HEALTH';
