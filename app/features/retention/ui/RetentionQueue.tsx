// The retention queue's screen (queue.server.ts): the schedule in force, what falls due next with
// who is held, and what was erased lately.
import { Link } from "@remix-run/react";
import { CardTable } from "~/components/CardTable";
import { formatDate } from "~/lib/format";
import { QUEUE_MESSAGES as M } from "../messages";
import { QUEUE_DAYS, type QueueRow, type RetentionQueue as Queue } from "../queue.server";

export function RetentionQueue({ q, holdsHref }: { q: Queue; holdsHref: string | null }) {
  return (
    <>
      <section className="card stack" aria-labelledby="due-heading">
        <h2 id="due-heading">{M.dueHeading(QUEUE_DAYS)}</h2>
        <p className="muted">{M.schedule(q.schedule.applicantDays, q.schedule.agentDays)}</p>
        {q.rows.length === 0 ? (
          <p className="empty-state">{M.none}</p>
        ) : (
          <>
            {q.total > q.rows.length ? <p>{M.more(q.rows.length, q.total)}</p> : null}
            <CardTable<QueueRow>
              label={M.dueHeading(QUEUE_DAYS)}
              rows={q.rows}
              rowKey={(r) => r.reference}
              columns={[
                { header: "Application", rowHeader: true, cell: (r) => r.reference },
                { header: "Applicant", cell: (r) => r.name },
                { header: "Status", cell: (r) => r.status },
                { header: "Erasure due", cell: (r) => formatDate(r.dueOn) },
                { header: "Note", cell: (r) => (r.held ? M.held : r.overdue ? M.overdue : "") },
              ]}
            />
          </>
        )}
      </section>
      <section className="card stack" aria-labelledby="erased-heading">
        <h2 id="erased-heading">{M.erasedHeading(QUEUE_DAYS)}</h2>
        <p>{M.erased(q.erasedLately.applications, q.erasedLately.agents)}</p>
        <p>
          {M.holds(q.holdsInForce)}
          {holdsHref ? (
            <>
              {" "}
              <Link to={holdsHref}>{M.holdsLink}</Link>
            </>
          ) : null}
        </p>
      </section>
    </>
  );
}
