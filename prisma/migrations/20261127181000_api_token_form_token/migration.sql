-- AlterTable
ALTER TABLE "api_tokens" ADD COLUMN     "form_token" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "api_tokens_form_token_key" ON "api_tokens"("form_token");

