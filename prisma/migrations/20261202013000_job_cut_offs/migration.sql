-- Decision 0083: the cuts of a job (its process killed or its graceful stop given up), apart from
-- its attempts, and the checkpoint it had reached at the last one; and the licence import's checkpoint.
CREATE TABLE job_cut_offs (
  job_id       BIGINT PRIMARY KEY,
  cuts         INTEGER NOT NULL DEFAULT 0,
  stalled_cuts INTEGER NOT NULL DEFAULT 0,
  checkpoint   TEXT,
  cut_at       TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

ALTER TABLE licence_import_runs ADD COLUMN npns_done INTEGER NOT NULL DEFAULT 0;
