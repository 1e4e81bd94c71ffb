// The review queue (issue 11): submitted applications (Awaiting Approval),
// oldest submitted first, paged on the server, filtered by carrier,
// recruiter (name or agent number), submitted date range and appointment
// type. Internal administrators only (not while impersonating): anyone else
// gets 404. A GET form and plain links: works without JavaScript; the table
// scrolls inside its own box on a phone. See docs/decisions/0029-review-queue.md.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { CardTable } from "~/components/CardTable";
import { PageHeader } from "~/components/PageHeader";
import { Pager, readPaging } from "~/components/Pager";
import { SignedInLayout } from "~/components/SignedInLayout";
import { APPOINTMENT_TYPE_CODES, APPOINTMENT_TYPE_LABELS } from "~/features/appointment/model";
import { REVIEW_MESSAGES as M } from "~/features/review/messages";
import { QUEUE_PAGE_SIZES, queueCarriers, reviewQueuePage, type QueueRow } from "~/features/review/queue.server";
import { queueFilterSchema, RECRUITER_FILTER_MAX } from "~/features/review/schema";
import { LocalTime } from "~/components/LocalTime";
import { titleMeta } from "~/lib/meta";
import reportStyles from "~/styles/reports.css";
import reviewStyles from "~/styles/review.css";
import { requireCapability } from "~/lib/permissions.server";

export const meta = titleMeta("Review Queue");
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: reportStyles },
  { rel: "stylesheet", href: reviewStyles },
];

const FILTER_KEYS = ["carrier", "recruiter", "from", "to", "type"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCapability(request, "review:application", { targetType: "ReviewQueue" });
  const url = new URL(request.url);
  const { page, pageSize } = readPaging(url, { pageSizes: QUEUE_PAGE_SIZES });
  // Only the filter fields, each once, capped: the schema has the rules.
  const params = new URLSearchParams();
  for (const k of FILTER_KEYS) {
    const v = url.searchParams.get(k);
    if (v != null) params.set(k, v.slice(0, 200));
  }
  const typed = Object.fromEntries(params) as Record<string, string>;
  const submission = parseWithZod(params, { schema: queueFilterSchema });
  const carriers = await queueCarriers();
  if (submission.status !== "success") {
    return data({ typed, errors: submission.reply().error ?? {}, carriers, page, pageSize, totalRecords: 0, rows: [] as QueueRow[] }, { status: 400 });
  }
  const { rows, totalRecords } = await reviewQueuePage(submission.value, page, pageSize);
  return data({ typed, errors: {} as Record<string, string[] | null>, carriers, page, pageSize, totalRecords, rows });
}

export default function ReviewQueueRoute() {
  const d = useLoaderData<typeof loader>();
  const err = (k: string) => (d.errors as Record<string, string[] | null | undefined>)[k] ?? null;
  const failed = Object.values(d.errors).some((e) => e?.length);
  const filtered = FILTER_KEYS.some((k) => d.typed[k]);
  return (
    <SignedInLayout>
      <PageHeader title="Review Queue" lead="Submitted applications awaiting approval, oldest first." />
      <section className="card" aria-labelledby="review-filters-title">
        <h2 id="review-filters-title" className="card__title">
          Filters
        </h2>
        {failed ? (
          <Banner variant="error">
            <p>{M.badFilter}</p>
          </Banner>
        ) : null}
        <Form method="get" className="review-filters" aria-labelledby="review-filters-title">
          <div className="field">
            <label htmlFor="f-carrier">Carrier</label>
            <select id="f-carrier" name="carrier" defaultValue={d.typed.carrier ?? ""}>
              <option value="">All carriers</option>
              {d.carriers.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code} — {c.name}
                </option>
              ))}
            </select>
            <FilterError id="f-carrier" errors={err("carrier")} />
          </div>
          <FilterText name="recruiter" label="Recruiter (name or agent number)" value={d.typed.recruiter} errors={err("recruiter")} maxLength={RECRUITER_FILTER_MAX} />
          <FilterText name="from" label="Submitted from" type="date" value={d.typed.from} errors={err("from")} maxLength={10} />
          <FilterText name="to" label="Submitted to" type="date" value={d.typed.to} errors={err("to")} maxLength={10} />
          <div className="field">
            <label htmlFor="f-type">Appointment type</label>
            <select id="f-type" name="type" defaultValue={d.typed.type ?? ""}>
              <option value="">All types</option>
              {APPOINTMENT_TYPE_CODES.map((t) => (
                <option key={t} value={t}>
                  {APPOINTMENT_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
            <FilterError id="f-type" errors={err("type")} />
          </div>
          <input type="hidden" name="pageSize" value={d.pageSize} />
          <div className="review-filters__actions">
            <button type="submit" className="btn btn--primary">
              Apply filters
            </button>
            {filtered ? <Link to="/admin/review">Clear filters</Link> : null}
          </div>
        </Form>
      </section>
      <section className="card" aria-labelledby="review-queue-title">
        <h2 id="review-queue-title" className="card__title">
          Submitted applications
        </h2>
        {d.rows.length === 0 ? (
          <p className="muted" role="status">
            {M.queueEmpty}
          </p>
        ) : (
          <CardTable<(typeof d.rows)[number]>
            label="Table of submitted applications"
            rows={d.rows}
            rowKey={(r) => r.appointmentId}
            rowProps={(r) => ({ "data-appointment-id": r.appointmentId })}
            columns={[
              {
                header: "Prospect",
                cell: (r) => (
                  <>
                    <Link to={`/admin/review/${r.appointmentId}`}>{r.prospect}</Link>
                    {r.email && r.email !== r.prospect ? <div className="muted">{r.email}</div> : null}
                    {r.isPaper ? <div className="muted">Paper application</div> : null}
                  </>
                ),
              },
              { header: "Submitted", cell: (r) => (r.submittedAt ? <LocalTime value={r.submittedAt} /> : "—") },
              { header: "Type", cell: (r) => r.type },
              { header: "Carrier", cell: (r) => r.carriers.join(", ") || "—" },
              {
                header: "Recruiter",
                cell: (r) => (
                  <>
                    {r.recruiter || "—"}
                    {r.recruiterAgentNumber ? <div className="muted">{r.recruiterAgentNumber}</div> : null}
                  </>
                ),
              },
            ]}
          />
        )}
        <Pager page={d.page} pageSize={d.pageSize} totalRecords={d.totalRecords} pageSizes={QUEUE_PAGE_SIZES} label="Review queue pages" />
      </section>
    </SignedInLayout>
  );
}

function FilterError({ id, errors }: { id: string; errors: string[] | null }) {
  return errors?.length ? (
    <p className="field__error" id={`${id}-error`}>
      {errors.join(" ")}
    </p>
  ) : null;
}

function FilterText({
  name,
  label,
  value,
  errors,
  type = "text",
  maxLength,
}: {
  name: string;
  label: string;
  value: string | undefined;
  errors: string[] | null;
  type?: "text" | "date";
  maxLength: number;
}) {
  const id = `f-${name}`;
  return (
    <div className={`field${errors?.length ? " field--invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value ?? ""}
        maxLength={maxLength}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
      />
      <FilterError id={id} errors={errors} />
    </div>
  );
}
