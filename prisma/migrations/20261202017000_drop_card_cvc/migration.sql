-- The card verification code is never kept (PCI DSS 4.0 req. 3.3.1; docs/decisions/0087-card-verification-code-not-kept.md).
-- The values are erased before the column goes: DROP COLUMN alone only hides the column and leaves its bytes in every row
-- until the row is next written. The erased versions are dead rows that (auto)vacuum reclaims; backups taken before this
-- migration still hold the encrypted codes until they age out (docs/operations.md 'Backups').
UPDATE "appointment_card_info" SET "cvc_encrypted" = NULL WHERE "cvc_encrypted" IS NOT NULL;
ALTER TABLE "appointment_card_info" DROP COLUMN "cvc_encrypted";
