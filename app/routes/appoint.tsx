// The application screen (spec part 2 §2 'Application screen', §4, §8):
//   /appoint?id=<appointmentId>&section=<PERSONAL|COMMS|FEES|AGREEMENTS|DOCS|INSTRUCT>[#<field id>]
// One conform form per section (the section's zod schema in the browser and
// in saveSection on the server). Everything works without JavaScript: the
// SAVE / SUBMIT buttons of the side panel belong to the section form through
// the form attribute; the add-a-state row, the delete buttons and the
// consent to sign electronically are submit buttons of the section form
// whose answer keeps everything typed. See docs/decisions/0010-application-screens.md.
import { parse } from "@conform-to/dom";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Form,
  useActionData,
  useBeforeUnload,
  useBlocker,
  useLoaderData,
  useLocation,
  useNavigation,
} from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Dialog } from "~/components/Dialog";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { UploadForm } from "~/components/UploadForm";
import { loadApplication, saveSection, SENSITIVE_FIELDS, submitApplication } from "~/features/appointment/appointment.server";
import { acceptEsignConsent, canSeeSignatureEvidence, signatureEvidence } from "~/features/appointment/evidence.server";
import { isPaperQuery } from "~/features/appointment/paper.server";
import {
  isSectionId,
  SECTION_TITLES,
  type ApplicationData,
  type DataSectionId,
  type SectionId,
  type ValidationContext,
} from "~/features/appointment/model";
import { sectionSchema } from "~/features/appointment/schema";
import { AgreementsSection } from "~/features/appointment/ui/AgreementsSection";
import { ClientDialog } from "~/features/appointment/ui/ClientDialog";
import { AppHeader, focusField, InstructionsForm, SectionNav, SidePanel, JUMP_DELAY_MS } from "~/features/appointment/ui/Chrome";
import { CommissionsSection } from "~/features/appointment/ui/CommissionsSection";
import { DocsSection, DocumentLists } from "~/features/appointment/ui/DocsSection";
import { EvidencePanel } from "~/features/appointment/ui/EvidencePanel";
import { FEES_MESSAGES, FeesSection, type FeesDialog, type FeesExtra } from "~/features/appointment/ui/FeesSection";
import { ReadOnlyContext } from "~/features/appointment/ui/fields";
import { appointmentLineLabel } from "~/features/appointment/ui/lines";
import { PersonalSection } from "~/features/appointment/ui/PersonalSection";
import type { AnyFields, AnyForm, SectionView } from "~/features/appointment/ui/types";
import { appointmentDocumentLists, appointmentDocumentUrl } from "~/features/documents/appointment-documents.server";
import { requireUser } from "~/lib/auth.server";
import { env } from "~/lib/env.server";
import { titleMeta } from "~/lib/meta";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("Application");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

const DATA_KEY: Record<DataSectionId, keyof ApplicationData> = {
  PERSONAL: "personal",
  COMMS: "commissions",
  FEES: "fees",
  AGREEMENTS: "agreements",
  DOCS: "documents",
};

const schemaFor = sectionSchema;

function appointmentIdOf(url: URL): number {
  const raw = url.searchParams.get("id") ?? "";
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response(null, { status: 404 });
  return id;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  // A paper appointment (parameters email / multiPaper): confirmed and created at /appoint/paper.
  if (isPaperQuery(url.searchParams)) throw redirect(`/appoint/paper${url.search}`);
  const id = appointmentIdOf(url);
  const app = await loadApplication(user, id, { request });
  const wanted = url.searchParams.get("section");
  const section: SectionId = isSectionId(wanted) && app.sections.includes(wanted) ? wanted : app.sections[0] ?? "PERSONAL";
  const documents = section === "DOCS" ? await appointmentDocumentLists({ appointmentId: id, appointmentTypeCode: app.appointmentTypeCode, commissionRemitTypeCode: app.data.commissions.commissionRemitTypeCode ?? null }) : null;
  const view: SectionView = {
    appointmentId: id,
    typeCode: app.appointmentTypeCode,
    flavour: app.flavour,
    statusCode: app.statusCode,
    readOnly: app.readOnly,
    questions: app.questions.personal,
    stateFees: app.stateFees,
    residentStateCode: app.residentStateCode,
    esignConsented: app.esign.accepted,
    esignCanAccept: app.esign.canAccept,
    esignText: app.esign.text,
    commissionStatements: app.header.commissionScheduleDocumentIds.map((docId, i) => ({
      label:
        app.header.commissionScheduleDocumentIds.length > 1 && app.header.lines[i]
          ? `Commission Schedule — ${appointmentLineLabel(app.header.lines[i])}`
          : "Commission Schedule",
      href: appointmentDocumentUrl(id, docId),
    })),
    faxNumber: env().DOCUMENT_FAX_NUMBER,
    section,
    now: new Date().toISOString(),
  };
  return {
    view,
    section,
    sections: app.sections,
    statusText: app.statusText,
    agentNumber: app.agentNumber,
    header: {
      inviterName: null,
      inviterAgentNumber: app.header.inviterAgentNumber,
      inviterPhone: app.header.inviterPhone,
      lines: app.header.lines.map((l) => ({ carrier: l.carrier, productType: l.productType, scheduleName: l.scheduleName, levelNo: l.levelNo ?? 0, levelName: l.levelName })),
      typeLabel: `${app.appointmentTypeLabel} (${app.businessType})`,
    },
    data: app.data,
    context: { ...app.context, now: app.context.now.toISOString() },
    completion: {
      percent: app.completion.percent,
      complete: app.completion.complete,
      deficiencies: app.completion.deficiencies,
    },
    documents: documents ? { ...documents } : null,
    // Internal administrators (not while impersonating) see the signature evidence, read-only.
    evidence: canSeeSignatureEvidence(user) ? await signatureEvidence(user, id, request) : null,
  };
}

type DialogKey = "saved" | "submitted" | "failed" | FeesDialog | "esign";
type ActionData = {
  section: SectionId;
  reply: SubmissionResult<string[]> | null;
  dialog: { kind: DialogKey; title: string; message: string } | null;
  fees?: FeesExtra;
  at: number;
};

/** An answer that gives back everything typed, without validation errors. */
function echo(formData: FormData): SubmissionResult<string[]> {
  const submission = parse(formData, { resolve: (value) => ({ value }) });
  // Sensitive numbers are never sent back (the browser keeps what is in its inputs).
  return submission.reply({ hideFields: [...SENSITIVE_FIELDS] }) as SubmissionResult<string[]>;
}

function statesOf(formData: FormData): string[] {
  return formData.getAll("states").filter((v): v is string => typeof v === "string" && v !== "");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const id = appointmentIdOf(url);
  const formData = await request.formData();
  const rawSection = String(formData.get("section") ?? "");
  if (!isSectionId(rawSection)) throw new Response("Unknown section", { status: 400 });
  const section: SectionId = rawSection;
  const intent = String(formData.get("intent") ?? "save");
  const at = Date.now();
  const answer = (x: Omit<ActionData, "section" | "at">, status = 200) => data<ActionData>({ section, at, ...x }, { status });

  // The consent to sign electronically: recorded, everything typed kept.
  if (intent === "esignConsent") {
    const r = await acceptEsignConsent(user, id, request);
    return answer({
      reply: echo(formData),
      dialog: r.ok ? null : { kind: "esign", title: "Electronic Signature", message: r.message },
    });
  }

  // The add-a-state row without JavaScript (the browser does the same in the page).
  if (section === "FEES" && (intent === "openAddState" || intent === "cancelAddState" || intent === "addState" || intent.startsWith("deleteState:"))) {
    const states = statesOf(formData);
    const code = String(formData.get("addStateCode") ?? "");
    if (intent === "openAddState") return answer({ reply: echo(formData), dialog: null, fees: { states, addRowOpen: true } });
    if (intent === "cancelAddState") return answer({ reply: echo(formData), dialog: null, fees: { states, addRowOpen: false } });
    if (intent.startsWith("deleteState:")) {
      const del = intent.slice("deleteState:".length);
      return answer({ reply: echo(formData), dialog: null, fees: { states: states.filter((s) => s !== del), addRowOpen: formData.get("addRowOpen") === "1", addStateCode: code } });
    }
    const kind: FeesDialog | null = !code ? "addWhat" : states.includes(code) ? "alreadyConfigured" : null;
    if (kind) return answer({ reply: echo(formData), dialog: { kind, ...FEES_MESSAGES[kind] }, fees: { states, addRowOpen: true, addStateCode: code } });
    return answer({ reply: echo(formData), dialog: null, fees: { states: [...states, code], addRowOpen: false } });
  }

  if (intent !== "save" && intent !== "saveContinue" && intent !== "submit") throw new Response("Unknown intent", { status: 400 });

  // A state row still open must be confirmed or cancelled first.
  if (section === "FEES" && formData.get("addRowOpen") === "1") {
    return answer({
      reply: echo(formData),
      dialog: { kind: "addTheState", ...FEES_MESSAGES.addTheState },
      fees: { states: statesOf(formData), addRowOpen: true, addStateCode: String(formData.get("addStateCode") ?? "") },
    });
  }

  const saved = await saveSection(user, id, section, formData, request);
  if (!saved.saved) {
    return answer({ reply: saved.reply, dialog: { kind: "failed", ...saved.dialog } }, 400);
  }
  if (intent === "submit") {
    const submitted = await submitApplication(user, id, request);
    return answer({ reply: saved.reply, dialog: { kind: submitted.ok ? "submitted" : "failed", ...submitted.dialog } });
  }
  if (intent === "saveContinue" && saved.nextSection !== section) {
    throw redirect(`/appoint?id=${id}&section=${saved.nextSection}`);
  }
  return answer({ reply: saved.reply, dialog: { kind: "saved", ...saved.dialog } });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function ApplicationRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state !== "idle";
  const { view, section } = d;
  const readOnly = view.readOnly;
  const [unsaved, setUnsaved] = useState(false);
  const submittingRef = useRef(false);
  const formId = `section-${section}`;
  const ownAction = actionData && actionData.section === section ? actionData : undefined;

  // A new section, or an answer from the server, starts clean.
  useEffect(() => {
    setUnsaved(false);
    submittingRef.current = false;
  }, [section, actionData?.at]);

  // 'Are you sure?' when leaving with unsaved changes (in-app links and the browser).
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: { pathname: string; search: string }; nextLocation: { pathname: string; search: string } }) =>
        unsaved &&
        !submittingRef.current &&
        (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
      [unsaved],
    ),
  );
  useBeforeUnload(
    useCallback(
      (e: BeforeUnloadEvent) => {
        if (unsaved && !submittingRef.current) {
          e.preventDefault();
          e.returnValue = "";
        }
      },
      [unsaved],
    ),
  );

  // A deficiency link opened from another page (/appoint?…#f-…): focus the field once the page is shown.
  useEffect(() => {
    const id = location.hash.replace(/^#/, "");
    if (!id) return;
    const t = window.setTimeout(() => focusField(decodeURIComponent(id)), JUMP_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [location.hash, location.key]);

  const dialog = actionData?.dialog ?? null;

  return (
    <SignedInLayout>
      <PageHeader title="Appointment Application" lead={SECTION_TITLES[section]} />
      <div className="app-screen">
        <div className="app-screen__nav">
          <SectionNav appointmentId={view.appointmentId} sections={d.sections} current={section} complete={d.completion.complete} />
        </div>
        <section className="app-screen__form card" aria-labelledby="section-title">
          <h2 id="section-title">{SECTION_TITLES[section]}</h2>
          {readOnly ? (
            <p className="note" role="status">
              This application is {d.statusText.toLowerCase()} and can no longer be changed.
            </p>
          ) : null}
          {section === "INSTRUCT" ? (
            <InstructionsForm appointmentId={view.appointmentId} />
          ) : (
            <SectionForm
              key={`${section}-${view.appointmentId}`}
              d={d}
              section={section}
              reply={ownAction?.reply ?? null}
              fees={ownAction?.fees}
              readOnly={readOnly}
              onChanged={() => setUnsaved(true)}
              onSubmitting={() => {
                submittingRef.current = true;
              }}
            />
          )}
          {section === "DOCS" && d.documents ? (
            <div className="stack">
              <h3>Your Documents</h3>
              <DocumentLists lists={d.documents} data={d.data} />
              <UploadForm appointmentId={view.appointmentId} uploadTypes={d.documents.uploadTypes} readOnly={readOnly} />
            </div>
          ) : null}
          {d.evidence ? <EvidencePanel evidence={d.evidence} /> : null}
        </section>
        <div className="app-screen__side">
          <SidePanel
            appointmentId={view.appointmentId}
            formId={formId}
            statusText={d.statusText}
            agentNumber={d.agentNumber}
            readOnly={readOnly}
            unsaved={unsaved}
            percent={d.completion.percent}
            deficiencies={d.completion.deficiencies}
            current={section}
            busy={busy}
          />
        </div>
        <div className="app-screen__head">
          <AppHeader header={d.header} />
        </div>
      </div>

      {dialog ? (
        <Dialog
          key={actionData?.at}
          title={dialog.title}
          message={dialog.message}
          variant={dialog.kind === "saved" || dialog.kind === "submitted" ? "success" : dialog.kind === "failed" ? "error" : "warning"}
        />
      ) : null}
      {blocker.state === "blocked" ? (
        <ClientDialog
          title="Are you sure?"
          message="You have unsaved changes. Leave this page and lose them?"
          onCancel={() => blocker.reset?.()}
          buttons={[
            {
              label: "YES",
              onClick: () => {
                setUnsaved(false);
                blocker.proceed?.();
              },
            },
            { label: "NO", kind: "secondary", autoFocus: true, onClick: () => blocker.reset?.() },
          ]}
        />
      ) : null}
    </SignedInLayout>
  );
}

function SectionForm({
  d,
  section,
  reply,
  fees,
  readOnly,
  onChanged,
  onSubmitting,
}: {
  d: LoaderData;
  section: DataSectionId;
  reply: SubmissionResult<string[]> | null;
  fees?: FeesExtra;
  readOnly: boolean;
  onChanged: () => void;
  onSubmitting: () => void;
}) {
  const ctx = useMemo<ValidationContext>(() => ({ ...d.context, now: new Date(d.context.now) }) as ValidationContext, [d.context]);
  const schema = useMemo(() => schemaFor(section, ctx), [section, ctx]);
  const draftSchema = useMemo(() => schemaFor(section, { ...ctx, mode: "draft" }), [section, ctx]);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const defaultValue = d.data[DATA_KEY[section]] as any;
  const [form, fields] = useForm({
    id: `section-${section}`,
    lastResult: reply,
    defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // SAVE and Save & Continue check what is typed (draft rules: a half-filled section saves, a wrong
    // value does not, as on the server); the in-form buttons (consent, states) post without validation;
    // SUBMIT and leaving a field check every rule.
    onValidate: ({ formData, submitter }) => {
      const intent = submitter instanceof HTMLButtonElement && submitter.name === "intent" ? submitter.value : "";
      if (intent === "save" || intent === "saveContinue") return parseWithZod(formData, { schema: draftSchema });
      if (intent && intent !== "submit") return parse(formData, { resolve: (value) => ({ value }) });
      return parseWithZod(formData, { schema });
    },
  });
  const props = { view: d.view, fields: fields as unknown as AnyFields, form: form as unknown as AnyForm };
  let body: ReactNode = null;
  switch (section) {
    case "PERSONAL":
      body = <PersonalSection {...props} />;
      break;
    case "COMMS":
      body = <CommissionsSection {...props} />;
      break;
    case "FEES":
      body = <FeesSection {...props} extra={fees} onChanged={onChanged} />;
      break;
    case "AGREEMENTS":
      body = <AgreementsSection {...props} />;
      break;
    case "DOCS":
      body = <DocsSection {...props} />;
      break;
  }
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      action={`/appoint?id=${d.view.appointmentId}&section=${section}`}
      onInput={onChanged}
      onChange={onChanged}
      onSubmit={(e) => {
        // conform also submits to validate (and cancels those): only a real submission counts.
        form.onSubmit(e);
        if (!e.defaultPrevented) onSubmitting();
      }}
    >
      <input type="hidden" name="section" value={section} />
      {form.errors?.length ? (
        <div className="form-errors" id={form.errorId} role="alert">
          {form.errors.join(" ")}
        </div>
      ) : null}
      <ReadOnlyContext.Provider value={readOnly}>
        <fieldset disabled={readOnly} className="readonly-all">
          {body}
        </fieldset>
      </ReadOnlyContext.Provider>
      {!readOnly ? (
        <div className="section-actions">
          <button type="submit" name="intent" value="save" className="btn btn--secondary">
            Save
          </button>
          <button type="submit" name="intent" value="saveContinue" className="btn btn--primary">
            Save &amp; Continue
          </button>
        </div>
      ) : null}
    </Form>
  );
}
