-- CreateTable
CREATE TABLE "blob_removals" (
    "storage_key" TEXT NOT NULL,
    "requested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "blob_removals_pkey" PRIMARY KEY ("storage_key")
);
