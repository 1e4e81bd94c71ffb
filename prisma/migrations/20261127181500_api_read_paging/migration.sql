-- CreateIndex
CREATE INDEX "agents_updated_at_id_idx" ON "agents"("updated_at", "id");

-- CreateIndex
CREATE INDEX "invitations_updated_at_invitation_id_idx" ON "invitations"("updated_at", "invitation_id");

-- CreateIndex
CREATE INDEX "appointments_updated_at_appointment_id_idx" ON "appointments"("updated_at", "appointment_id");

