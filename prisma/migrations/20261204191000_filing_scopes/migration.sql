-- The API's filings and terminations page in (updated_at, id) order (decision 0116). The scopes
-- read:filings and write:filings need nothing here: api_tokens.scopes is a plain text[].
-- CreateIndex
CREATE INDEX "appointment_filings_updated_at_id_idx" ON "appointment_filings"("updated_at", "id");

-- CreateIndex
CREATE INDEX "terminations_updated_at_id_idx" ON "terminations"("updated_at", "id");

