-- The portal's profile page (docs/decisions/0019-account-pages.md): when the user saved it.
-- AlterTable
ALTER TABLE "users" ADD COLUMN     "profile_edited_at" TIMESTAMPTZ(3);

