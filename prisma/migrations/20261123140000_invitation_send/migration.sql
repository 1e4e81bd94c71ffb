-- Sending invitations from the portal (docs/decisions/0021-invitations.md):
-- the subject line sent, and the form token that makes a double POST send once.
ALTER TABLE "invitations" ADD COLUMN "subject" TEXT,
ADD COLUMN "submission_token" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "invitations_submission_token_key" ON "invitations"("submission_token");
