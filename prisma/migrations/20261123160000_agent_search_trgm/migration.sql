-- Downline search (spec part 3 §2 SEARCH): case-insensitive substring matching
-- (ILIKE '%x%') on last name, first name, agent number and company name.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
-- schema.prisma declares the indexes, not the extension (postgresqlExtensions is a
-- preview feature); see decision 0023.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "agents_last_name_trgm_idx" ON "agents" USING GIN ("last_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "agents_first_name_trgm_idx" ON "agents" USING GIN ("first_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "agents_agent_number_trgm_idx" ON "agents" USING GIN ("agent_number" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "agents_company_name_trgm_idx" ON "agents" USING GIN ("company_name" gin_trgm_ops);

