// The cuts of a job (decision 0083): its process was killed, crashed, or its graceful stop gave up
// waiting for it. graphile-worker counts an attempt when it takes a job, so without this every cut
// spends an attempt, and a long import cut by three deploys was never run again. A cut is not a
// failure of the task: it gives its attempt back when the job's checkpoint moved since the last cut
// (it makes progress across cuts), and once more for a cut without progress (a cut while it read its
// file). A further cut without progress counts as an attempt, so a task that itself kills the
// process still ends, failed, and its run says so (stopped-runs.server.ts).

/** What the start's own connection (graphile-worker's withPgClient) offers. */
export type SqlClient = { query: (sql: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }> };

/** The last error of a job whose attempt a dead process cut off (no error of its own was recorded). */
export const CUT_OFF = "cut off: the process running it stopped (killed or crashed)";

/** Cuts without progress since the previous cut whose attempt is still given back. */
export const FREE_STALLED_CUTS = 1;

/**
 * The checkpoint of a job whose task keeps one (what it has committed so far), as text; null when it
 * has none or has committed nothing yet. The licence import: NPNs written (decision 0083).
 */
const CHECKPOINTS: Record<string, (client: SqlClient, payload: Record<string, unknown>) => Promise<string | null>> = {
  "import-licences": async (client, payload) => {
    const runId = Number(payload.runId);
    if (!Number.isSafeInteger(runId)) return null;
    const { rows } = await client.query(`SELECT npns_done FROM licence_import_runs WHERE id = $1`, [runId]);
    const done = Number(rows[0]?.npns_done ?? 0);
    return done > 0 ? String(done) : null;
  },
};

/**
 * Records a cut for every job still locked by one of `lockedBy` (pools of processes that are gone)
 * and gives back the attempts the rule above gives back; every cut job's last error says it was cut.
 * Run before the jobs are unlocked. Returns the number of jobs cut.
 */
export async function recordCutOffs(client: SqlClient, lockedBy: string[]): Promise<number> {
  const { rows } = await client.query(
    `SELECT j.id::text AS id, t.identifier AS task, j.payload, c.stalled_cuts, c.checkpoint
       FROM graphile_worker._private_jobs j
       JOIN graphile_worker._private_tasks t ON t.id = j.task_id
       LEFT JOIN job_cut_offs c ON c.job_id = j.id
      WHERE j.locked_by = ANY($1::text[])`,
    [lockedBy],
  );
  for (const row of rows) {
    const checkpointOf = CHECKPOINTS[String(row.task)];
    const payload = row.payload && typeof row.payload === "object" ? (row.payload as Record<string, unknown>) : {};
    const checkpoint = checkpointOf ? await checkpointOf(client, payload).catch(() => null) : null;
    const progressed = checkpoint !== null && checkpoint !== (row.checkpoint ?? null);
    const stalled = progressed ? 0 : Number(row.stalled_cuts ?? 0) + 1;
    const giveBack = progressed || stalled <= FREE_STALLED_CUTS;
    await client.query(
      `INSERT INTO job_cut_offs (job_id, cuts, stalled_cuts, checkpoint, cut_at) VALUES ($1::bigint, 1, $2, $3, now())
       ON CONFLICT (job_id) DO UPDATE SET cuts = job_cut_offs.cuts + 1, stalled_cuts = $2, checkpoint = $3, cut_at = now()`,
      [row.id, stalled, checkpoint],
    );
    await client.query(
      `UPDATE graphile_worker._private_jobs SET attempts = CASE WHEN $2 THEN GREATEST(attempts - 1, 0) ELSE attempts END, last_error = $3 WHERE id = $1::bigint`,
      [row.id, giveBack, CUT_OFF],
    );
  }
  // The cuts of jobs that are gone (done, or deleted) are of no further use.
  await client.query(`DELETE FROM job_cut_offs c WHERE NOT EXISTS (SELECT 1 FROM graphile_worker._private_jobs j WHERE j.id = c.job_id)`);
  return rows.length;
}
