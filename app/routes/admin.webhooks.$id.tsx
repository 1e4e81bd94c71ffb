// /admin/webhooks/<id>: one webhook endpoint (issue 24 item 3, decision 0077): change its address,
// description and events; enable it again (its failing clock starts afresh) or disable it; rotate
// the signing secret (after a confirmation step; shown once, in the POST's answer; the previous one
// signs beside it for WEBHOOK_SECRET_OVERLAP_HOURS, decision 0082); delete it (after a confirmation
// step); its deliveries newest first, paged, each with every attempt and a Replay button.
// Every form posts here (intent) and works without JavaScript. Needs manage:integrations; an
// unknown id: 404.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { LocalTime } from "~/components/LocalTime";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { deleteEndpoint, endpointDetail, replayDelivery, rotateEndpointSecret, setEndpointEnabled, updateEndpoint } from "~/features/webhooks/endpoints.server";
import { endpointSchema, WEBHOOK_DELIVERIES_PAGE_SIZE, WH_INTENTS, WH_MESSAGES } from "~/features/webhooks/schema";
import { ConfirmStep } from "~/components/ConfirmStep";
import { DeliveriesTable } from "~/features/webhooks/ui/DeliveriesTable";
import { EndpointForm, SecretOnce } from "~/features/webhooks/ui/EndpointForms";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import { requireCapability } from "~/lib/permissions.server";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("Webhook Endpoint");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

const notFound = () => data(WH_MESSAGES.notFound, { status: 404 });

function pageOf(request: Request): number {
  const raw = Number(new URL(request.url).searchParams.get("page"));
  return Number.isInteger(raw) && raw > 0 ? Math.min(raw, 100_000) : 0;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireCapability(request, "manage:integrations");
  const page = pageOf(request);
  const detail = await endpointDetail(params.id ?? "", page);
  if (!detail) throw notFound();
  return { ...detail, page };
}

type ActionData = { form: "update" | "rotate" | "delete"; reply?: SubmissionResult<string[]>; secret?: string; confirmDelete?: boolean; confirmRotate?: boolean };

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireCapability(request, "manage:integrations");
  const id = params.id ?? "";
  if (!(await endpointDetail(id, 0))) throw notFound();
  const formData = await readForm(request, { schemas: [endpointSchema] });
  const intent = formData.get("intent");
  const back = (query: string) => redirect(`/admin/webhooks/${id}?${query}`, 303);

  if (intent === WH_INTENTS.update) {
    const submission = parseWithZod(formData, { schema: endpointSchema });
    if (submission.status !== "success") return data<ActionData>({ form: "update", reply: submission.reply() }, { status: 400 });
    const saved = await updateEndpoint(admin, id, submission.value, request);
    if (!saved.ok && "notFound" in saved) throw notFound();
    if (!saved.ok) return data<ActionData>({ form: "update", reply: submission.reply({ fieldErrors: saved.fieldErrors }) }, { status: 400 });
    return back("saved=1");
  }
  if (intent === WH_INTENTS.enable || intent === WH_INTENTS.disable) {
    if (!(await setEndpointEnabled(admin, id, intent === WH_INTENTS.enable, request))) throw notFound();
    return back(intent === WH_INTENTS.enable ? "enabled=1" : "disabled=1");
  }
  if (intent === WH_INTENTS.rotate) {
    // Asked first (a second POST, so it works without JavaScript): receivers must install the new secret.
    if (formData.get("confirm") !== "yes") return data<ActionData>({ form: "rotate", confirmRotate: true });
    const rotated = await rotateEndpointSecret(admin, id, request);
    if (!rotated) throw notFound();
    return data<ActionData>({ form: "rotate", secret: rotated.secret }, { headers: { "Cache-Control": "no-store" } });
  }
  if (intent === WH_INTENTS.delete) {
    if (formData.get("confirm") !== "yes") return data<ActionData>({ form: "delete", confirmDelete: true });
    if (!(await deleteEndpoint(admin, id, request))) throw notFound();
    return redirect("/admin/webhooks?deleted=1", 303);
  }
  if (intent === WH_INTENTS.replay) {
    const replay = await replayDelivery(admin, id, String(formData.get("deliveryId") ?? ""), request);
    if (!replay.ok && replay.reason === "NOT_FOUND") throw data(WH_MESSAGES.deliveryNotFound, { status: 404 });
    if (!replay.ok) return back("replayRefused=1");
    return back(`replayed=${replay.deliveryId}`);
  }
  throw data("The form has a field the portal does not use.", { status: 400 });
}

export default function WebhookEndpointPage() {
  const { endpoint: e, deliveries, total, page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const pages = Math.max(1, Math.ceil(total / WEBHOOK_DELIVERIES_PAGE_SIZE));
  const notice = !actionData
    ? params.get("saved")
      ? "The endpoint is saved."
      : params.get("enabled")
        ? "The endpoint is enabled: new events are delivered to it again."
        : params.get("disabled")
          ? "The endpoint is disabled: no event is delivered to it."
          : params.get("replayed")
            ? `The event is queued again as delivery ${params.get("replayed")}.`
            : null
    : null;

  return (
    <SignedInLayout>
      <PageHeader
        title="Webhook Endpoint"
        lead={e.description || e.url}
        actions={
          <Link to="/admin/webhooks" className="btn btn--secondary btn--small">
            Back to the endpoints
          </Link>
        }
      />
      {params.get("replayRefused") && !actionData ? (
        <Banner variant="error" title="Not Replayed">
          <p>{WH_MESSAGES.replayDisabled}</p>
        </Banner>
      ) : null}
      {notice ? (
        <Banner variant="success" title="Done">
          <p>{notice}</p>
        </Banner>
      ) : null}
      {actionData?.secret ? <SecretOnce secret={actionData.secret} /> : null}

      <section className="card stack" aria-labelledby="wh-state-heading">
        <h2 id="wh-state-heading">State</h2>
        <p style={{ overflowWrap: "anywhere" }}>
          <strong>{e.enabled ? "Enabled" : "Disabled"}</strong> · {e.url}
        </p>
        {!e.enabled && e.disabledReason ? (
          <p>
            Disabled <LocalTime value={e.disabledAt} />: {e.disabledReason}
          </p>
        ) : null}
        {e.failingSince ? (
          <p>
            Every delivery has failed since <LocalTime value={e.failingSince} />; after three days of this the endpoint is disabled.
          </p>
        ) : null}
        {e.previousSecretSignsUntil ? (
          <p data-testid="webhook-secret-overlap">
            The previous signing secret still signs every delivery, beside the new one, until <LocalTime value={e.previousSecretSignsUntil} />; then only the new secret does.
          </p>
        ) : null}
        <div className="wizard__actions">
          <Form method="post">
            <input type="hidden" name="intent" value={e.enabled ? WH_INTENTS.disable : WH_INTENTS.enable} />
            <button type="submit" className={`btn ${e.enabled ? "btn--secondary" : "btn--primary"}`} disabled={busy}>
              {e.enabled ? "Disable" : "Enable again"}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value={WH_INTENTS.rotate} />
            <button type="submit" className="btn btn--secondary" disabled={busy}>
              Rotate secret
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value={WH_INTENTS.delete} />
            <button type="submit" className="btn btn--secondary" disabled={busy}>
              DELETE
            </button>
          </Form>
        </div>
        {actionData?.confirmRotate ? (
          <ConfirmStep id="wh-rotate-heading" heading="Rotate the signing secret?" text={WH_MESSAGES.rotateConfirm} intent={WH_INTENTS.rotate} yes="Yes, rotate it" no="Keep the current secret" backTo={`/admin/webhooks/${e.id}`} busy={busy} />
        ) : null}
        {actionData?.confirmDelete ? (
          <ConfirmStep
            id="wh-delete-heading"
            heading="Delete this endpoint?"
            text={`The endpoint and its ${total} deliveries are deleted; no event is sent to it any more. This cannot be undone.`}
            intent={WH_INTENTS.delete}
            yes="Yes, delete it"
            no="Keep it"
            backTo={`/admin/webhooks/${e.id}`}
            busy={busy}
          />
        ) : null}
      </section>

      <section className="card">
        <EndpointForm
          id="wh-update-form"
          intent={WH_INTENTS.update}
          heading="Address and Events"
          submitLabel="SAVE"
          lastResult={actionData?.form === "update" ? (actionData.reply ?? null) : null}
          defaults={{ url: e.url, description: e.description, events: e.events }}
          busy={busy}
        />
      </section>

      <section className="card stack" aria-labelledby="wh-deliveries-heading">
        <h2 id="wh-deliveries-heading">Deliveries</h2>
        <DeliveriesTable deliveries={deliveries} busy={busy} />
        {pages > 1 ? (
          <nav aria-label="Delivery pages" className="wizard__actions">
            {page > 0 ? <Link to={`?page=${page - 1}`}>Newer deliveries</Link> : null}
            <span>
              Page {page + 1} of {pages}
            </span>
            {page + 1 < pages ? <Link to={`?page=${page + 1}`}>Older deliveries</Link> : null}
          </nav>
        ) : null}
      </section>
    </SignedInLayout>
  );
}
