// The application screen (spec part 2 §2 'Application screen', §4, §8); SUBMIT opens the check
// page (/appoint/check, decision 0099), which submits:
//   /appoint?id=<appointmentId>&section=<PERSONAL|COMMS|FEES|AGREEMENTS|DOCS|INSTRUCT>[#<field id>]
// One conform form per section (the section's zod schema in the browser and
// in saveSection on the server). Everything works without JavaScript: the
// SAVE / SUBMIT buttons of the side panel belong to the section form through
// the form attribute; the add-a-state row, the delete buttons and the
// consent to sign electronically are submit buttons of the section form
// whose answer keeps everything typed. See docs/decisions/0010-application-screens.md.
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useBeforeUnload, useBlocker, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Dialog } from "~/components/Dialog";
import { ErrorSummary, type SummaryError } from "~/components/ErrorSummary";
import { Notice } from "~/components/Notice";
import { PageHeader } from "~/components/PageHeader";
import { SignedInLayout } from "~/components/SignedInLayout";
import { fieldDomId } from "~/components/form/fields";
import { UploadForm } from "~/features/documents/ui/UploadForm";
import { requireUserAndAppointmentAccess } from "~/features/appointment/access.server";
import { addStateFormOf, addStateStep, isAddStateIntent, pendingAddState, type AddStateView } from "~/features/appointment/add-state";
import { echoReply, saveSection } from "~/features/appointment/appointment.server";
import { currentSubmitRefusal } from "~/features/appointment/submit-checks.server";
import { appointmentIdOf } from "~/features/appointment/check-page.server";
import { acceptEsignConsent } from "~/features/appointment/evidence.server";
import { ESIGN_DIALOG_TITLE, type FeesDialog } from "~/features/appointment/messages";
import { isSectionId, SECTION_TITLES, type SectionId } from "~/features/appointment/model";
import { SECTION_FORM_SCHEMAS } from "~/features/appointment/schema";
import { isPaperQuery } from "~/features/appointment/paper.server";
import { applicationScreen } from "~/features/appointment/screen.server";
import { DecisionNoteBanner } from "~/features/review/ui/DecisionNoteBanner";
import { ClientDialog } from "~/features/appointment/ui/ClientDialog";
import { AppHeader, focusField, InstructionsForm, LastSectionNext, ProgressStrip, SectionNav, SidePanel, JUMP_DELAY_MS } from "~/features/appointment/ui/Chrome";
import { DocumentLists } from "~/features/appointment/ui/DocsSection";
import { EvidencePanel } from "~/features/appointment/ui/EvidencePanel";
import { SectionForm, type SectionFormData } from "~/features/appointment/ui/SectionForm";
import { useLiveCompletion } from "~/features/appointment/ui/live-completion";
import { INPROG_MESSAGES } from "~/features/reports/messages";
import { requireUser } from "~/lib/auth.server";
import { readForm } from "~/lib/form.server";
import { titleMeta } from "~/lib/meta";
import applicationStyles from "~/styles/application.css";

export const meta = titleMeta("Application");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: applicationStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  // A paper appointment (parameters email / multiPaper): confirmed and created at /appoint/paper.
  if (isPaperQuery(url.searchParams)) throw redirect(`/appoint/paper${url.search}`);
  const id = appointmentIdOf(url);
  // With an administrator's return (reason, sections to correct) or rejection (issue 11).
  return applicationScreen(user, id, url.searchParams.get("section"), request);
}

type DialogKey = "saved" | "failed" | FeesDialog | "esign";
type ActionData = {
  section: SectionId;
  reply: SubmissionResult<string[]> | null;
  dialog: { kind: DialogKey; title: string; message: string } | null;
  fees?: AddStateView;
  at: number;
};

export async function action({ request }: ActionFunctionArgs) {
  let id: number;
  try {
    id = appointmentIdOf(new URL(request.url));
  } catch (notFound) {
    await requireUser(request); // nobody signed in: the sign-in answer first, as for any post
    throw notFound;
  }
  // Who is asking and whether they may post here, in one statement, before a byte of the body is
  // read (404 for someone else's application, 403 read-only).
  const { user, access } = await requireUserAndAppointmentAccess(request, id, { write: true });
  const formData = await readForm(request, { schemas: SECTION_FORM_SCHEMAS });
  const section = formData.get("section");
  if (!isSectionId(section)) throw new Response("Unknown section", { status: 400 });
  const intent = String(formData.get("intent") ?? "save");
  const at = Date.now();
  const answer = (x: Omit<ActionData, "section" | "at">, status = 200) => data<ActionData>({ section, at, ...x }, { status });

  // The consent to sign electronically, and the add-a-state row: everything typed kept, nothing saved.
  if (intent === "esignConsent") {
    const r = await acceptEsignConsent(user, id, request);
    return answer({ reply: await echoReply(id, formData), dialog: r.ok ? null : { kind: "esign", title: ESIGN_DIALOG_TITLE, message: r.message } });
  }
  const step = section === "FEES" ? (isAddStateIntent(intent) ? addStateStep(intent, addStateFormOf(formData)) : pendingAddState(addStateFormOf(formData))) : null;
  if (step) return answer({ reply: await echoReply(id, formData), ...step });
  if (intent !== "save" && intent !== "saveContinue" && intent !== "submit") throw new Response("Unknown intent", { status: 400 });

  const saved = await saveSection(user, id, section, formData, request, { access });
  if (!saved.saved) return answer({ reply: saved.reply, dialog: { kind: "failed", ...saved.dialog } }, saved.busy ? 409 : 400);
  if (intent === "submit") {
    // SUBMIT opens the check page (decision 0099) once nothing stops the submit; otherwise the
    // messages next to the fields, as the browser shows them with JavaScript.
    const refusal = await currentSubmitRefusal(user, id, request);
    if (!refusal) throw redirect(`/appoint/check?id=${id}`);
    const error = section === "INSTRUCT" ? undefined : refusal.fieldErrors[section];
    return answer({ reply: error ? { status: "error", error } : saved.reply, dialog: { kind: "failed", ...refusal.dialog } });
  }
  if (intent === "saveContinue" && saved.nextSection !== section) throw redirect(`/appoint?id=${id}&section=${saved.nextSection}`);
  return answer({ reply: saved.reply, dialog: { kind: "saved", ...saved.dialog } });
}

/** The refused fields of a save, each linking to its control (fieldDomId). */
function summaryErrors(reply: SubmissionResult<string[]> | null | undefined): SummaryError[] {
  return Object.entries(reply?.error ?? {}).flatMap(([name, errs]) => (name && errs?.length ? [{ id: fieldDomId(name), message: errs.join(" ") }] : []));
}

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
  // 'Still needed' and the percent follow the typing with JavaScript (issue 36 item 8).
  const live = useLiveCompletion(section, d.completion, d.data, d.context, actionData?.at);

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
      {d.decisionNote ? <DecisionNoteBanner note={d.decisionNote} /> : null}
      <div className="app-screen">
        <div className="app-screen__nav">
          <SectionNav
            appointmentId={view.appointmentId}
            sections={d.sections}
            current={section}
            complete={live.shown.complete}
            flagged={d.decisionNote?.kind === "RETURNED" ? d.decisionNote.sections : []}
          />
          <ProgressStrip
            appointmentId={view.appointmentId}
            statusText={d.statusText}
            percent={live.shown.percent}
            stillNeeded={live.shown.deficiencies.length}
            readOnly={readOnly}
          />
        </div>
        <section className="app-screen__form card" aria-labelledby="section-title">
          <h2 id="section-title">{SECTION_TITLES[section]}</h2>
          {/* A save's answer on the page, not a dialog (decision 0103). */}
          {dialog?.kind === "saved" ? <Notice key={actionData?.at} title={dialog.title} message={dialog.message} /> : null}
          {dialog?.kind === "esign" ? <Notice key={actionData?.at} variant="error" title={dialog.title} message={dialog.message} /> : null}
          {dialog?.kind === "failed" ? (
            <ErrorSummary key={actionData?.at} title={dialog.title} lead={dialog.message} errors={summaryErrors(actionData?.reply)} />
          ) : null}
          {d.isUpline ? (
            <p className="note" role="status">
              {INPROG_MESSAGES.uplineReadOnly}
            </p>
          ) : readOnly ? (
            <p className="note" role="status">
              This application is {d.statusText.toLowerCase()} and can no longer be changed.
            </p>
          ) : null}
          {section === "INSTRUCT" ? (
            <InstructionsForm appointmentId={view.appointmentId} />
          ) : (
            <SectionForm
              key={`${section}-${view.appointmentId}`}
              d={d as unknown as SectionFormData}
              section={section}
              reply={ownAction?.reply ?? null}
              fees={ownAction?.fees}
              readOnly={readOnly}
              onChanged={() => {
                setUnsaved(true);
                live.changed();
              }}
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
          {!readOnly && section === d.sections.filter((s) => s !== "INSTRUCT").at(-1) ? <LastSectionNext appointmentId={view.appointmentId} /> : null}
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
            percent={live.shown.percent}
            deficiencies={live.shown.deficiencies}
            attempted={Boolean(actionData)}
            current={section}
            busy={busy}
            turn={d.turn}
          />
        </div>
        <div className="app-screen__head">
          <AppHeader header={d.header} />
        </div>
      </div>

      {/* Only the question 'Add the State?' is still a dialog; refusals stand on the page. */}
      {dialog?.kind === "addTheState" ? (
        <Dialog
          key={actionData?.at}
          title={dialog.title}
          message={dialog.message}
          variant="warning"
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
