-- The administrators' service-request queue (issue 11, decision 0030):
-- status OPEN / IN_PROGRESS / DONE replaces is_complete (a completed request
-- becomes DONE), an optional assignee, and the replies mailed to the
-- requester.

-- AlterTable: status first, filled from is_complete, then is_complete goes.
ALTER TABLE "service_requests" ADD COLUMN "assignee_user_id" UUID,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'OPEN';

UPDATE "service_requests" SET "status" = 'DONE' WHERE "is_complete";

-- DropIndex
DROP INDEX "service_requests_is_complete_request_dt_idx";

ALTER TABLE "service_requests" DROP COLUMN "is_complete";

-- CreateTable
CREATE TABLE "service_request_replies" (
    "reply_id" SERIAL NOT NULL,
    "service_request_id" INTEGER NOT NULL,
    "author_user_id" UUID NOT NULL,
    "reply_text" TEXT NOT NULL,
    "sent_to" TEXT NOT NULL,
    "form_token" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "service_request_replies_pkey" PRIMARY KEY ("reply_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "service_request_replies_form_token_key" ON "service_request_replies"("form_token");

-- CreateIndex
CREATE INDEX "service_request_replies_service_request_id_created_at_idx" ON "service_request_replies"("service_request_id", "created_at");

-- CreateIndex
CREATE INDEX "service_requests_status_request_dt_idx" ON "service_requests"("status", "request_dt");

-- AddForeignKey
ALTER TABLE "service_request_replies" ADD CONSTRAINT "service_request_replies_service_request_id_fkey" FOREIGN KEY ("service_request_id") REFERENCES "service_requests"("service_request_id") ON DELETE CASCADE ON UPDATE CASCADE;
