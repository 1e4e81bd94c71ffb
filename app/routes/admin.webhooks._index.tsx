// /admin/webhooks: the administrators' webhook endpoints (issue 24 item 3, decision 0077): the list
// (address, events, enabled or disabled with the reason, failing since, the last delivery) and the
// form registering one. The new endpoint's signing secret is shown once, in the POST's answer (never
// in a URL, a redirect or a log). Works without JavaScript. Needs manage:integrations.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { CardTable } from "~/components/CardTable";
import { LocalTime } from "~/components/LocalTime";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { createEndpoint, listEndpoints } from "~/features/webhooks/endpoints.server";
import { WEBHOOK_EVENT_LABELS } from "~/features/webhooks/events";
import { endpointSchema, WH_INTENTS, WH_STATUS_LABELS } from "~/features/webhooks/schema";
import { EndpointForm, SecretOnce } from "~/features/webhooks/ui/EndpointForms";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import { requireCapability } from "~/lib/permissions.server";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("Webhooks");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCapability(request, "manage:integrations");
  return { endpoints: await listEndpoints() };
}

type ActionData = { reply: SubmissionResult<string[]>; created?: { id: string; secret: string } };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireCapability(request, "manage:integrations");
  const formData = await readForm(request, { schemas: [endpointSchema] });
  if (formData.get("intent") !== WH_INTENTS.create) throw data("The form has a field the portal does not use.", { status: 400 });
  const submission = parseWithZod(formData, { schema: endpointSchema });
  if (submission.status !== "success") return data<ActionData>({ reply: submission.reply() }, { status: 400 });
  const saved = await createEndpoint(admin, submission.value, request);
  if (!saved.ok) return data<ActionData>({ reply: submission.reply({ fieldErrors: "fieldErrors" in saved ? saved.fieldErrors : {} }) }, { status: 400 });
  // The secret is in this answer only: never cached, never in a URL.
  return data<ActionData>({ reply: submission.reply({ resetForm: true }), created: { id: saved.id, secret: saved.secret! } }, { headers: { "Cache-Control": "no-store" } });
}

export default function WebhooksPage() {
  const { endpoints } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  return (
    <SignedInLayout>
      <PageHeader title="Webhooks" lead="The events the portal posts, signed, to a carrier's own systems." />
      {params.get("deleted") && !actionData ? (
        <Banner variant="success" title="Deleted">
          <p>The endpoint and its deliveries are deleted.</p>
        </Banner>
      ) : null}
      {actionData?.created ? (
        <>
          <SecretOnce secret={actionData.created.secret} />
          <p>
            <Link to={`/admin/webhooks/${actionData.created.id}`}>Open the new endpoint</Link>
          </p>
        </>
      ) : null}
      <section className="card stack" aria-labelledby="wh-list-heading">
        <h2 id="wh-list-heading">Endpoints</h2>
        {endpoints.length === 0 ? (
          <p className="empty-state">No webhook endpoint yet.</p>
        ) : (
          <CardTable<(typeof endpoints)[number]>
            label="Registered webhook endpoints"
            rows={endpoints}
            rowKey={(e) => e.id}
            rowProps={(e) => ({ "data-enabled": e.enabled ? "yes" : "no" })}
            columns={[
              {
                header: "Address",
                className: "table__wrap-anywhere",
                cell: (e) => (
                  <>
                    <Link to={`/admin/webhooks/${e.id}`}>{e.url}</Link>
                    {e.description ? (
                      <>
                        <br />
                        <span className="muted">{e.description}</span>
                      </>
                    ) : null}
                  </>
                ),
              },
              { header: "Events", cell: (e) => e.events.map((t) => WEBHOOK_EVENT_LABELS[t]).join(", ") },
              {
                header: "State",
                cell: (e) => (
                  <>
                    {e.enabled ? "Enabled" : "Disabled"}
                    {!e.enabled && e.disabledReason ? <span className="muted"> ({e.disabledReason})</span> : null}
                    {e.failingSince ? (
                      <>
                        <br />
                        <span className="muted">
                          Failing since <LocalTime value={e.failingSince} />
                        </span>
                      </>
                    ) : null}
                  </>
                ),
              },
              {
                header: "Last Delivery",
                cell: (e) =>
                  e.lastDelivery ? (
                    <>
                      {WH_STATUS_LABELS[e.lastDelivery.status] ?? e.lastDelivery.status}
                      {e.lastDelivery.responseCode ? ` (${e.lastDelivery.responseCode})` : ""}
                      <br />
                      <span className="muted">
                        <LocalTime value={e.lastDelivery.lastAttemptAt ?? e.lastDelivery.createdAt} />
                      </span>
                    </>
                  ) : (
                    <span className="muted">None yet</span>
                  ),
              },
            ]}
          />
        )}
      </section>
      <section className="card">
        <EndpointForm
          key={actionData?.created?.id ?? "new"}
          id="wh-create-form"
          intent={WH_INTENTS.create}
          heading="Add an Endpoint"
          submitLabel="Add endpoint"
          lastResult={actionData?.reply ?? null}
          busy={busy}
        />
      </section>
    </SignedInLayout>
  );
}
