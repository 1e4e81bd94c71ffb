-- CreateTable
CREATE TABLE "screenings" (
    "id" UUID NOT NULL,
    "appointment_id" INTEGER NOT NULL,
    "adapter" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "vendor_reference" TEXT,
    "report_file_id" UUID,
    "result" TEXT,
    "result_note" TEXT,
    "ordered_by_id" UUID,
    "ordered_at" TIMESTAMPTZ(3) NOT NULL,
    "result_by_id" UUID,
    "result_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "screenings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "adverse_action_steps" (
    "id" UUID NOT NULL,
    "screening_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "due_day" DATE,
    "sent_at" TIMESTAMPTZ(3),
    "mail_id" TEXT,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "adverse_action_steps_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "screenings_appointment_id_idx" ON "screenings"("appointment_id");

-- CreateIndex
CREATE INDEX "screenings_status_idx" ON "screenings"("status");

-- CreateIndex
CREATE UNIQUE INDEX "screenings_adapter_vendor_reference_key" ON "screenings"("adapter", "vendor_reference");

-- CreateIndex
CREATE UNIQUE INDEX "adverse_action_steps_screening_id_kind_key" ON "adverse_action_steps"("screening_id", "kind");

-- AddForeignKey
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_report_file_id_fkey" FOREIGN KEY ("report_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "adverse_action_steps" ADD CONSTRAINT "adverse_action_steps_screening_id_fkey" FOREIGN KEY ("screening_id") REFERENCES "screenings"("id") ON DELETE CASCADE ON UPDATE CASCADE;

