-- Appointment links get their own prefix APL (EXT is reserved for part 3's invitation of an
-- existing agent), and every code that is not yet a 100-bit code is re-issued; the old code is
-- kept in previous_code so that old links (/EXT<old>) redirect to the new one.
-- docs/decisions/0020-appointment-links-and-cart.md.

-- AlterTable
ALTER TABLE "appointment_links" ALTER COLUMN "link_prefix" SET DEFAULT 'APL',
ADD COLUMN     "previous_code" TEXT;

-- Re-issue: 20 characters of the 32-letter alphabet of app/features/links/codes.ts, each from one
-- random byte (256 is a multiple of 32: no bias) = 100 bits. The bytes come from
-- gen_random_uuid() (PostgreSQL's CSPRNG, core since 13): of a version-4 uuid's 16 bytes, 13
-- are fully random (not byte 6, version, nor byte 8, variant); two uuids give 26 such bytes.
-- One set-based UPDATE (the function is volatile: evaluated per row); the existing unique index
-- on "code" guarantees uniqueness (a collision, odds 2^-100 per pair, would roll the whole
-- migration back, and the next start would simply run it again).
CREATE FUNCTION pg_temp.new_link_code() RETURNS TEXT LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet CONSTANT TEXT := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  h1 TEXT := replace(gen_random_uuid()::text, '-', '');
  h2 TEXT := replace(gen_random_uuid()::text, '-', '');
  b BYTEA;
  c TEXT := '';
BEGIN
  b := decode(substr(h1, 1, 12) || substr(h1, 19, 14) || substr(h2, 1, 12) || substr(h2, 19, 14), 'hex');
  FOR i IN 0..19 LOOP
    c := c || substr(alphabet, (get_byte(b, i) % 32) + 1, 1);
  END LOOP;
  RETURN c;
END $$;

UPDATE "appointment_links" SET previous_code = code, code = pg_temp.new_link_code()
WHERE code !~ '^[A-HJ-NP-Z2-9]{20}$';

DROP FUNCTION pg_temp.new_link_code();

UPDATE "appointment_links" SET link_prefix = 'APL' WHERE link_prefix = 'EXT';

-- CreateIndex
CREATE UNIQUE INDEX "appointment_links_previous_code_key" ON "appointment_links"("previous_code");
