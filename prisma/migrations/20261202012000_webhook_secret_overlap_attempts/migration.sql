-- Rotating a webhook secret keeps the previous one signing beside the new one until
-- previous_secret_until (decision 0082); sealed like secret_encrypted (encryptField; the key
-- rotation finds every *_encrypted column).
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_encrypted" TEXT;
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_until" TIMESTAMPTZ(3);

-- Every attempt of a delivery (the endpoint's page lists them): written when the attempt starts,
-- its outcome when it ends (none: the attempt was cut off).
CREATE TABLE "webhook_delivery_attempts" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" BIGINT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "response_code" INTEGER,
    "duration_ms" INTEGER,
    "error" TEXT,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_delivery_attempts_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "webhook_delivery_attempts_delivery_id_id_idx" ON "webhook_delivery_attempts"("delivery_id", "id");

ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
