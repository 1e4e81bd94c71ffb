-- Case- and accent-insensitive downline search (issue 20 item 11, decision 0050).
-- The database's locale is C (the embedded server is initialised with --locale=C), under which
-- ILIKE folds only A-Z: 'ñúñez' did not find 'Ñúñez', nor 'JOSÉ' 'José'. The names are kept
-- folded (accents removed by the unaccent dictionary, then lower case by Unicode rules) in three
-- columns kept by a trigger, with the trigram indexes on them; the search folds its term by the
-- same SQL function, so both sides follow one rule.
-- unaccent is a trusted contrib extension (PostgreSQL 13+), like pg_trgm: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS unaccent;

-- search_fold(text): the one folding rule. IMMUTABLE (an index and a trigger may use it); the body
-- is SQL-standard (RETURN), so the dictionary and the functions are bound when it is created and do
-- not depend on the caller's search_path. Lower case by Unicode rules whatever the database's
-- locale: the built-in 'pg_unicode_fast' collation (PostgreSQL 17+), else ICU's root collation,
-- else C (then only A-Z are lowered after unaccent, which already maps accented Latin letters to A-Z).
DO $$
DECLARE
  coll text := CASE
    WHEN EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'pg_unicode_fast') THEN 'pg_unicode_fast'
    WHEN EXISTS (SELECT 1 FROM pg_collation WHERE collname = 'und-x-icu') THEN 'und-x-icu'
    ELSE 'C' END;
BEGIN
  EXECUTE format(
    'CREATE FUNCTION search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE '
    'RETURN lower(unaccent(''unaccent''::regdictionary, value) COLLATE %I)', coll);
END $$;

-- AlterTable
ALTER TABLE "agents" ADD COLUMN "last_name_search" TEXT,
ADD COLUMN "first_name_search" TEXT,
ADD COLUMN "company_name_search" TEXT;

CREATE FUNCTION agents_search_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.last_name_search := search_fold(NEW.last_name);
  NEW.first_name_search := search_fold(NEW.first_name);
  NEW.company_name_search := search_fold(NEW.company_name);
  RETURN NEW;
END $$;
ALTER FUNCTION agents_search_fold() SET search_path FROM CURRENT;

-- Every insert and update (Prisma, seed:large's bulk INSERT, the hierarchy import's upsert).
CREATE TRIGGER agents_search_fold BEFORE INSERT OR UPDATE ON "agents"
  FOR EACH ROW EXECUTE FUNCTION agents_search_fold();

UPDATE "agents" SET "last_name_search" = search_fold("last_name"), "first_name_search" = search_fold("first_name"),
  "company_name_search" = search_fold("company_name");

-- DropIndex
DROP INDEX "agents_last_name_trgm_idx";
DROP INDEX "agents_first_name_trgm_idx";
DROP INDEX "agents_company_name_trgm_idx";

-- CreateIndex
CREATE INDEX "agents_last_name_search_trgm_idx" ON "agents" USING GIN ("last_name_search" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "agents_first_name_search_trgm_idx" ON "agents" USING GIN ("first_name_search" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "agents_company_name_search_trgm_idx" ON "agents" USING GIN ("company_name_search" gin_trgm_ops);
