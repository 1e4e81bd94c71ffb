-- Back-office decisions on submitted applications (issue 11): return for
-- correction, reject, approve. One row per decision; the latest RETURN of an
-- incomplete application is shown to the prospect.

-- CreateTable
CREATE TABLE "appointment_decisions" (
    "id" UUID NOT NULL,
    "appointment_id" INTEGER NOT NULL,
    "decision_code" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "sections" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "from_status_code" TEXT NOT NULL,
    "decided_by_id" UUID NOT NULL,
    "decided_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "appointment_decisions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "appointment_decisions_appointment_id_decided_at_idx" ON "appointment_decisions"("appointment_id", "decided_at");

-- AddForeignKey
ALTER TABLE "appointment_decisions" ADD CONSTRAINT "appointment_decisions_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE CASCADE ON UPDATE CASCADE;
