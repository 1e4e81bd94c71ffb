-- A producer has one resident state (decision 0084): at most one resident licence per NPN.
-- Existing NPNs with several: the most recently changed stays resident, the others become
-- non-resident, each change audited like the writer's (LICENCE_UPDATED, source MIGRATION).
WITH ranked AS (
  SELECT id, npn, state_code,
         row_number() OVER (PARTITION BY npn ORDER BY updated_at DESC, created_at DESC, id DESC) AS n
    FROM producer_licences
   WHERE is_resident
), demoted AS (
  UPDATE producer_licences l
     SET is_resident = false, updated_at = now()
    FROM ranked r
   WHERE l.id = r.id AND r.n > 1
  RETURNING l.id, l.npn, l.state_code
)
INSERT INTO audit_log (action, target_type, target_id, details)
SELECT 'LICENCE_UPDATED', 'ProducerLicence', d.id::text,
       jsonb_build_object('npn', d.npn, 'stateCode', d.state_code, 'source', 'MIGRATION',
                          'changes', jsonb_build_object('isResident', jsonb_build_array(true, false)),
                          'reason', 'A producer has one resident state: another licence of this NPN was changed more recently.')
  FROM demoted d;

-- Partial: schema.prisma cannot say it (tests/integration/schema-drift.test.ts knows this index).
CREATE UNIQUE INDEX "producer_licences_one_resident" ON "producer_licences"("npn") WHERE "is_resident";
