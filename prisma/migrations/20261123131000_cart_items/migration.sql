-- The appointment-links cart, kept on the server (docs/decisions/0020-appointment-links-and-cart.md).
-- CreateTable
CREATE TABLE "cart_items" (
    "user_id" UUID NOT NULL,
    "appointment_link_id" INTEGER NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cart_items_pkey" PRIMARY KEY ("user_id","appointment_link_id")
);

-- CreateIndex
CREATE INDEX "cart_items_appointment_link_id_idx" ON "cart_items"("appointment_link_id");

-- AddForeignKey
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_appointment_link_id_fkey" FOREIGN KEY ("appointment_link_id") REFERENCES "appointment_links"("appointment_link_id") ON DELETE CASCADE ON UPDATE CASCADE;

