// /admin/carriers: ADMIN > Carriers (issue 37, decision 0118): every carrier with its NAIC company
// code, the code the states know it by (5 digits, naic.ts), and a form per carrier to set it; a
// carrier without one has its filings skipped by the filing run, so the list says how many wait.
// Plain POST forms, works without JavaScript; refused: 400 with the message beside the field and
// what was typed kept. Audited. Needs manage:state-filings.
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { CardTable } from "~/components/CardTable";
import { ErrorSummary } from "~/components/ErrorSummary";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { listCarriers, setNaicCompanyCode, type CarrierRow } from "~/features/state-filings/carriers.server";
import { NAIC_COMPANY_CODE_PATTERN } from "~/features/state-filings/naic";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import { requireCapability } from "~/lib/permissions.server";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("Carriers");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireCapability(request, "manage:state-filings");
  const saved = new URL(request.url).searchParams.get("saved");
  return { carriers: await listCarriers(), saved };
}

type ActionData = { refusal: { carrierId: number; message: string; value: string } };

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireCapability(request, "manage:state-filings");
  const form = await readForm(request);
  const carrierId = Number(form.get("carrierId") ?? "");
  const value = String(form.get("naicCompanyCode") ?? "");
  const r = await setNaicCompanyCode(admin, carrierId, value, { request });
  if (!r.ok) return data<ActionData>({ refusal: { carrierId, message: r.message, value } }, { status: r.status });
  return redirect(`/admin/carriers?saved=${carrierId}`, 303);
}

function NaicForm({ c, refusal }: { c: CarrierRow; refusal: ActionData["refusal"] | null }) {
  const mine = refusal?.carrierId === c.carrierId ? refusal : null;
  const id = `naic-${c.carrierId}`;
  return (
    <Form method="post" className="inline-form" aria-label={`NAIC company code of ${c.name}`}>
      <input type="hidden" name="carrierId" value={c.carrierId} />
      <div className={`field${mine ? " field--invalid" : ""}`}>
        {/* The column says 'NAIC company code' (and a phone's card beside the field). */}
        <label htmlFor={id} className="visually-hidden">
          NAIC company code of {c.name}
        </label>
        <input
          id={id}
          name="naicCompanyCode"
          inputMode="numeric"
          pattern={NAIC_COMPANY_CODE_PATTERN}
          maxLength={5}
          size={6}
          defaultValue={mine ? mine.value : (c.naicCompanyCode ?? "")}
          aria-invalid={mine ? true : undefined}
          aria-describedby={mine ? `${id}-error` : undefined}
        />
        {mine ? (
          <p className="field__error" id={`${id}-error`}>
            {mine.message}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn--secondary btn--small">
        Save<span className="visually-hidden"> the code of {c.name}</span>
      </button>
    </Form>
  );
}

export default function CarriersPage() {
  const { carriers, saved } = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>() as ActionData | undefined;
  const location = useLocation();
  const savedCarrier = !a && saved ? carriers.find((c) => String(c.carrierId) === saved) : null;
  return (
    <SignedInLayout>
      <PageHeader title="Carriers" lead="Each carrier's NAIC company code: the states know the carrier by it, and a filing of a carrier without one is not filed." />
      {savedCarrier ? <Notice key={location.key} title="Saved" message={`The NAIC company code of ${savedCarrier.name} is ${savedCarrier.naicCompanyCode ?? "cleared"}.`} /> : null}
      {a?.refusal ? <ErrorSummary title="Nothing was changed" errors={[{ id: `naic-${a.refusal.carrierId}`, message: a.refusal.message }]} /> : null}
      <section className="card stack" aria-labelledby="carriers-heading">
        <h2 id="carriers-heading">Carriers</h2>
        <CardTable<CarrierRow>
          label="Carriers and their NAIC codes"
          rows={carriers}
          rowKey={(c) => String(c.carrierId)}
          rowProps={(c) => ({ "data-carrier": c.carrierCode })}
          columns={[
            { header: "Carrier", rowHeader: true, cell: (c) => `${c.name} (${c.carrierCode})` },
            { header: "Active", cell: (c) => (c.isActive ? "Yes" : "No") },
            {
              header: "Filings waiting for the code",
              cell: (c) => (c.naicCompanyCode ? <span className="muted">—</span> : c.filingsWaiting ? <span className="filing-overdue">{c.filingsWaiting}</span> : "0"),
            },
            { header: "NAIC company code", cell: (c) => <NaicForm c={c} refusal={a?.refusal ?? null} /> },
          ]}
        />
      </section>
    </SignedInLayout>
  );
}
