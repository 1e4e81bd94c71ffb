// ADMIN > API Tokens (/admin/api-tokens, issue 24 item 1, decision 0075): administrators (capability
// manage:integrations) create named tokens with scopes, see when each was last used and revoke them.
// A new token is shown once, on the page the POST renders (never in a URL, a log or the database:
// only its SHA-256 is kept). Revoking asks for a confirmation (?revoke=<id>, then a POST). Works
// without JavaScript; a second POST of the same create form creates nothing (the form token).
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { CardTable } from "~/components/CardTable";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { CHECK_WHEN_SENT, FieldError, fieldDomId, TextField } from "~/components/form/fields";
import { API_SCOPE_LABELS, API_SCOPES } from "~/features/api/scopes";
import { createTokenFromForm, listApiTokens, liveTokenName, revokeApiToken } from "~/features/api/token-admin.server";
import { createTokenSchema, INTENT_CREATE, INTENT_FIELD, INTENT_REVOKE, revokeTokenSchema, TOKEN_MESSAGES as M, TOKEN_NAME_MAX } from "~/features/api/token-schema";
import { formatDateTime } from "~/features/reports/format";
import { viewerTimeZone } from "~/lib/time-zone.server";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import { requireCapability } from "~/lib/permissions.server";
import { isUuid } from "~/lib/uuid";

export const meta = titleMeta("API Tokens");


export async function loader({ request }: LoaderFunctionArgs) {
  const zone = viewerTimeZone(request);
  await requireCapability(request, "manage:integrations");
  const url = new URL(request.url);
  const revokeId = url.searchParams.get("revoke") ?? "";
  const revokeName = isUuid(revokeId) ? await liveTokenName(revokeId) : null;
  const tokens = await listApiTokens();
  return {
    formToken: crypto.randomUUID(),
    confirm: revokeName ? { id: revokeId, name: revokeName } : null,
    tokens: tokens.map((t) => ({
      id: t.id,
      name: t.name,
      prefix: t.prefix,
      scopes: t.scopes,
      createdBy: t.createdBy ?? "—",
      created: formatDateTime(t.createdAt, zone),
      lastUsed: t.lastUsedAt ? formatDateTime(t.lastUsedAt, zone) : "Never",
      revoked: t.revokedAt ? formatDateTime(t.revokedAt, zone) : null,
    })),
  };
}

type ActionData =
  | { outcome: "invalid"; reply: SubmissionResult<string[]> }
  | { outcome: "stale"; reply: SubmissionResult<string[]> }
  | { outcome: "created"; reply: SubmissionResult<string[]>; name: string; token: string }
  | { outcome: "revoked"; name: string }
  | { outcome: "notFound" };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCapability(request, "manage:integrations");
  const form = await readForm(request, { schemas: [createTokenSchema, revokeTokenSchema] });
  if (form.get(INTENT_FIELD) === INTENT_REVOKE) {
    const parsed = revokeTokenSchema.safeParse({ tokenId: form.get("tokenId") });
    const r = parsed.success ? await revokeApiToken(user, parsed.data.tokenId, request) : { ok: false as const };
    return r.ok ? data<ActionData>({ outcome: "revoked", name: r.name }) : data<ActionData>({ outcome: "notFound" }, { status: 404 });
  }
  if (form.get(INTENT_FIELD) !== INTENT_CREATE) throw data("The form has a field the portal does not use.", { status: 400 });
  const submission = parseWithZod(form, { schema: createTokenSchema });
  if (submission.status !== "success") return data<ActionData>({ outcome: "invalid", reply: submission.reply() }, { status: 400 });
  const r = await createTokenFromForm(user, submission.value, request);
  if (!r.ok) {
    if (r.field === "formToken") return data<ActionData>({ outcome: "stale", reply: submission.reply({ resetForm: true }) }, { status: 409 });
    return data<ActionData>({ outcome: "invalid", reply: submission.reply({ fieldErrors: { [r.field]: [r.message] } }) }, { status: 400 });
  }
  return data<ActionData>({ outcome: "created", reply: submission.reply({ resetForm: true }), name: r.name, token: r.token });
}

export default function ApiTokensPage() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>() as ActionData | undefined;
  const reply = a && "reply" in a && a.outcome === "invalid" ? a.reply : null;
  const [form, fields] = useForm({
    id: "create-token",
    lastResult: reply,
    constraint: getZodConstraint(createTokenSchema),
    ...CHECK_WHEN_SENT,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createTokenSchema }),
  });
  const chosen = new Set(Array.isArray(fields.scopes.initialValue) ? (fields.scopes.initialValue as string[]) : fields.scopes.initialValue ? [String(fields.scopes.initialValue)] : []);
  const scopeErrors = (fields.scopes.errors ?? []).filter(Boolean);
  const scopesId = fieldDomId("scopes");
  return (
    <SignedInLayout>
      <PageHeader title="API Tokens" lead="Tokens let a carrier's own systems call the portal's API. Each token may do only what its scopes allow; every call is audited." />
      {a?.outcome === "created" ? (
        <section className="card" aria-labelledby="new-token-title">
          <h2 id="new-token-title">New token: {a.name}</h2>
          <Banner variant="warning" role="alert">
            <p>{M.created}</p>
          </Banner>
          <div className="field">
            <label htmlFor="new-token">Token (select it and copy it: Ctrl+C, or ⌘C on a Mac)</label>
            <input id="new-token" type="text" readOnly value={a.token} className="token-secret" autoComplete="off" spellCheck={false} />
          </div>
          <p className="muted">Send it as the header <code>Authorization: Bearer &lt;token&gt;</code>.</p>
        </section>
      ) : null}
      {a?.outcome === "revoked" ? (
        <Banner variant="success">
          <p>{M.revoked(a.name)}</p>
        </Banner>
      ) : null}
      {a?.outcome === "notFound" ? (
        <Banner variant="error">
          <p>{M.notFound}</p>
        </Banner>
      ) : null}
      {a?.outcome === "stale" ? (
        <Banner variant="warning">
          <p>{M.stale}</p>
        </Banner>
      ) : null}
      {d.confirm ? (
        <section className="card" aria-labelledby="revoke-title" id="revoke">
          <h2 id="revoke-title">Revoke a token</h2>
          <p>{M.revokeConfirm(d.confirm.name)}</p>
          <Form method="post" action="/admin/api-tokens" className="token-actions">
            <input type="hidden" name={INTENT_FIELD} value={INTENT_REVOKE} />
            <input type="hidden" name="tokenId" value={d.confirm.id} />
            <button type="submit" className="btn btn--danger">
              Revoke token
            </button>
            <Link to="/admin/api-tokens" className="btn btn--secondary">
              Cancel
            </Link>
          </Form>
        </section>
      ) : null}
      <section className="card" aria-labelledby="create-title">
        <h2 id="create-title">Create a token</h2>
        <Form method="post" action="/admin/api-tokens" {...getFormProps(form)} className="form stack">
          <input type="hidden" name="formToken" value={d.formToken} key={d.formToken} />
          <input type="hidden" name={INTENT_FIELD} value={INTENT_CREATE} />
          <TextField meta={fields.name} label="Name" required maxLength={TOKEN_NAME_MAX} autoComplete="off" hint="Who uses it, e.g. 'Commissions system'." />
          <fieldset
            className={`token-scopes stack${scopeErrors.length ? " field--invalid" : ""}`}
            aria-describedby={scopeErrors.length ? `${scopesId}-error` : undefined}
            aria-invalid={scopeErrors.length ? true : undefined}
          >
            <legend className="label--required">What the token may do</legend>
            {API_SCOPES.map((s, i) => (
              <label key={`${fields.scopes.key ?? ""}-${s}`} className="field--inline choice">
                <input type="checkbox" id={i === 0 ? scopesId : `${scopesId}-${i}`} name={fields.scopes.name} value={s} defaultChecked={chosen.has(s)} />
                <span>
                  {API_SCOPE_LABELS[s]} (<code>{s}</code>)
                </span>
              </label>
            ))}
            <FieldError meta={fields.scopes} id={scopesId} />
          </fieldset>
          <div className="token-actions">
            <button type="submit" className="btn btn--primary">
              Create token
            </button>
          </div>
        </Form>
      </section>
      <section className="card" aria-labelledby="tokens-title">
        <h2 id="tokens-title">Tokens</h2>
        {d.tokens.length === 0 ? (
          <p className="muted">No tokens yet.</p>
        ) : (
          <CardTable<(typeof d.tokens)[number]>
            label="API tokens"
            rows={d.tokens}
            rowKey={(t) => t.id}
            columns={[
              { header: "Name", cell: (t) => t.name },
              { header: "Starts with", cell: (t) => <code>{t.prefix}…</code> },
              { header: "Scopes", cell: (t) => t.scopes.join(", ") },
              {
                header: "Created",
                cell: (t) => (
                  <>
                    {t.created}
                    <br />
                    <span className="muted">by {t.createdBy}</span>
                  </>
                ),
              },
              { header: "Last used", cell: (t) => t.lastUsed },
              {
                header: "Status",
                cell: (t) =>
                  t.revoked ? (
                    `Revoked ${t.revoked}`
                  ) : (
                    <>
                      Active{" "}
                      <Link to={`/admin/api-tokens?revoke=${t.id}#revoke`} aria-label={`Revoke ${t.name}`}>
                        Revoke…
                      </Link>
                    </>
                  ),
              },
            ]}
          />
        )}
      </section>
    </SignedInLayout>
  );
}
