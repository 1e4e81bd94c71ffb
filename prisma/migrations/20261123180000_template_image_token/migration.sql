-- Template images are served to email clients at a public, unguessable
-- address /timg/<public_token>.<ext> (docs/decisions/0025-email-templates.md):
-- 128 random bits as 32 hex characters. Rows from before get a token from
-- gen_random_uuid() (122 random bits) so the column can be required.
ALTER TABLE "email_template_images" ADD COLUMN "public_token" TEXT;
UPDATE "email_template_images" SET "public_token" = replace(gen_random_uuid()::text, '-', '') WHERE "public_token" IS NULL;
ALTER TABLE "email_template_images" ALTER COLUMN "public_token" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "email_template_images_public_token_key" ON "email_template_images"("public_token");
