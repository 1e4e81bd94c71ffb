// The deliveries of one endpoint (decision 0077), newest first, each with every attempt made
// (webhook_delivery_attempts: number, answer, time taken, error, when) and a Replay button (a plain
// POST form: works without JavaScript).
import { Form } from "@remix-run/react";
import { CardTable } from "~/components/CardTable";
import { LocalTime } from "~/components/LocalTime";
import { WEBHOOK_EVENT_LABELS, isWebhookEvent } from "../events";
import { WH_INTENTS, WH_STATUS_LABELS } from "../schema";

type When = Date | string;
export type AttemptRow = { attempt: number; startedAt: When; responseCode: number | null; durationMs: number | null; error: string | null; finishedAt: When | null };
export type DeliveryRow = {
  id: string;
  status: string;
  attempts: number;
  error: string | null;
  replayOfId: string | null;
  createdAt: When;
  lastAttemptAt: When | null;
  deliveredAt: When | null;
  event: { id: string; type: string; subjectType: string; subjectId: string };
  attemptList: AttemptRow[];
};

function Attempt({ a }: { a: AttemptRow }) {
  const outcome = a.finishedAt === null ? "no outcome recorded (cut off)" : [a.responseCode !== null ? `answered ${a.responseCode}` : "no answer", a.durationMs !== null ? `in ${a.durationMs} ms` : null].filter(Boolean).join(" ");
  const error = a.error && a.error !== `answered ${a.responseCode}` ? a.error : null;
  return (
    <li data-testid="webhook-attempt">
      {a.attempt}. {outcome}
      {error ? <span style={{ overflowWrap: "anywhere" }}>: {error}</span> : null}
      <br />
      <span className="muted">
        <LocalTime value={a.startedAt} />
      </span>
    </li>
  );
}

export function DeliveriesTable({ deliveries, busy }: { deliveries: DeliveryRow[]; busy: boolean }) {
  if (deliveries.length === 0) return <p className="empty-state">No delivery yet.</p>;
  return (
    <CardTable<DeliveryRow>
      label="Deliveries of this endpoint, newest first"
      rows={deliveries}
      rowKey={(d) => d.id}
      rowProps={(d) => ({ "data-status": d.status })}
      columns={[
        {
          header: "Delivery",
          cell: (d) => (
            <>
              {d.id}
              {d.replayOfId ? <span className="muted"> (replay of {d.replayOfId})</span> : null}
              <br />
              <span className="muted">
                <LocalTime value={d.createdAt} />
              </span>
            </>
          ),
        },
        {
          header: "Event",
          cell: (d) => (
            <>
              {isWebhookEvent(d.event.type) ? WEBHOOK_EVENT_LABELS[d.event.type] : d.event.type}
              <br />
              <span className="muted">
                {d.event.subjectType} {d.event.subjectId} · evt_{d.event.id}
              </span>
            </>
          ),
        },
        {
          header: "Status",
          cell: (d) => (
            <>
              {WH_STATUS_LABELS[d.status] ?? d.status}
              {d.deliveredAt ? (
                <>
                  {" "}
                  <LocalTime value={d.deliveredAt} />
                </>
              ) : null}
              {d.error && d.status !== "DELIVERED" ? (
                <>
                  <br />
                  <span className="muted" style={{ overflowWrap: "anywhere" }}>
                    {d.error}
                  </span>
                </>
              ) : null}
            </>
          ),
        },
        {
          header: "Attempts",
          cell: (d) => {
            const unlisted = d.attempts - d.attemptList.length;
            return d.attempts === 0 ? (
              <span className="muted">None yet</span>
            ) : (
              <ol className="stack" aria-label={`Attempts of delivery ${d.id}`} style={{ margin: 0, paddingLeft: 0, listStyle: "none" }}>
                {unlisted > 0 ? <li className="muted">{unlisted === 1 ? "1 earlier attempt" : `${unlisted} earlier attempts`} (made before attempts were listed)</li> : null}
                {d.attemptList.map((a) => (
                  <Attempt key={a.attempt} a={a} />
                ))}
              </ol>
            );
          },
        },
        {
          header: "Replay",
          hiddenHeader: true,
          cell: (d) => (
            <Form method="post">
              <input type="hidden" name="intent" value={WH_INTENTS.replay} />
              <input type="hidden" name="deliveryId" value={d.id} />
              <button type="submit" className="btn btn--secondary btn--small" disabled={busy} aria-label={`Replay delivery ${d.id}`}>
                Replay
              </button>
            </Form>
          ),
        },
      ]}
    />
  );
}
