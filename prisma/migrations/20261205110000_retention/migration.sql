-- AlterTable
ALTER TABLE "agents" ADD COLUMN     "erased_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "appointments" ADD COLUMN     "erased_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "stored_files" ADD COLUMN     "erased_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "legal_holds" (
    "id" UUID NOT NULL,
    "user_id" UUID,
    "email" TEXT,
    "agent_id" INTEGER,
    "subject" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "placed_by_id" UUID NOT NULL,
    "placed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lifted_by_id" UUID,
    "lifted_at" TIMESTAMPTZ(3),

    CONSTRAINT "legal_holds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "legal_holds_user_id_idx" ON "legal_holds"("user_id");

-- CreateIndex
CREATE INDEX "legal_holds_email_idx" ON "legal_holds"("email");

-- CreateIndex
CREATE INDEX "legal_holds_agent_id_idx" ON "legal_holds"("agent_id");

