-- Idempotent email delivery (docs/decisions/0014-crash-safety-and-deployment.md, "Emails once"):
-- mail_messages.delivery_key, one row per key (a job's key or "job:<id>"), unique. NULL for
-- direct deliveries, which stay unlimited (NULLs are distinct). A plain unique index rather than a
-- partial one over successful rows: Prisma's schema cannot express a partial index, and a failed
-- attempt updates the key's row instead of adding one.
-- AlterTable
ALTER TABLE "mail_messages" ADD COLUMN     "delivery_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "mail_messages_delivery_key_key" ON "mail_messages"("delivery_key");

