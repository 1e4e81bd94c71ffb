-- Account rules of the built-in provider (docs/decisions/0013-idp-account-rules.md):
-- users.email_verified (false until the next sign-in brings the claim), email verification
-- links, and the progressive sign-in delays.
-- AlterTable
ALTER TABLE "users" ADD COLUMN     "email_verified" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "idp_email_verifications" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idp_email_verifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idp_sign_in_throttles" (
    "key" TEXT NOT NULL,
    "failures" DOUBLE PRECISION NOT NULL,
    "last_failure_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idp_sign_in_throttles_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "idp_email_verifications_token_hash_key" ON "idp_email_verifications"("token_hash");

-- CreateIndex
CREATE INDEX "idp_email_verifications_account_id_idx" ON "idp_email_verifications"("account_id");

-- CreateIndex
CREATE INDEX "idp_sign_in_throttles_last_failure_at_idx" ON "idp_sign_in_throttles"("last_failure_at");

-- AddForeignKey
ALTER TABLE "idp_email_verifications" ADD CONSTRAINT "idp_email_verifications_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "idp_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

