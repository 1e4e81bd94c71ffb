-- Text messages (SMS) of the notifications (docs/decisions/0031-notifications-and-abandonment.md):
-- one row per delivery key (the send-sms job's key), FAILED until an attempt succeeds, CAPTURED when no
-- gateway is configured (SMS_URL unset; shown at /dev/sms).
-- CreateTable
CREATE TABLE "sms_messages" (
    "id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "to" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "gateway_id" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "related_type" TEXT,
    "related_id" TEXT,
    "delivery_key" TEXT NOT NULL,

    CONSTRAINT "sms_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sms_messages_delivery_key_key" ON "sms_messages"("delivery_key");

-- CreateIndex
CREATE INDEX "sms_messages_status_created_at_idx" ON "sms_messages"("status", "created_at");

-- CreateIndex
CREATE INDEX "sms_messages_related_type_related_id_idx" ON "sms_messages"("related_type", "related_id");
