-- The application screen's completion, stored (issue 22 item 1, decision 0061): the percent, the
-- check marks, the deficiencies and the per-section counts as completion() gives them, and the key
-- of every input it was computed from (the form data, the validation context, the day, the build).
-- The completion is JSON text (TEXT, not JSON or JSONB): read with the application through Prisma's
-- relation join it would pass through jsonb, which reorders keys, and the loader data would change order.
-- A cache of one application's completion: the screen computes and stores it when the key of what
-- it has just read differs from the stored one, so it cannot go stale. A table of its own (one row
-- per application) rather than columns of appointments: the save path reads and locks appointments,
-- and writing this row never waits for nor blocks a save once the row exists.
CREATE TABLE "appointment_completion" (
    "appointment_id" INTEGER NOT NULL,
    "completion_key" TEXT NOT NULL,
    "completion" TEXT NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "appointment_completion_pkey" PRIMARY KEY ("appointment_id")
);

ALTER TABLE "appointment_completion" ADD CONSTRAINT "appointment_completion_appointment_id_fkey" FOREIGN KEY ("appointment_id") REFERENCES "appointments"("appointment_id") ON DELETE CASCADE ON UPDATE CASCADE;
