// Supporting Documents (spec part 2 §2): the fax choice (in the section
// form) and the document lists. The upload form is a form of its own and is
// rendered after the section form (forms cannot nest).
import type { AppointmentDocumentLists, DocumentListItem } from "~/features/documents/appointment-documents.server";
import { EO_CERT_FIELD } from "../schema";
import { CONSENT_1033_DOCUMENT_TYPE, CONSENT_1033_MESSAGE } from "../fcra";
import { documentStatus } from "./documentStatus";
import { CheckboxField, FieldError, fieldDomId } from "~/components/form/fields";
import type { SectionProps } from "./types";

type StatusData = Parameters<typeof documentStatus>[1];

function DocumentRow({ item, data }: { item: DocumentListItem; data: StatusData }) {
  const status = documentStatus(item, data);
  return (
    <li className="document-row" id={item.group === "UPLOADED" ? fieldDomId(item.documentTypeCode) : undefined} tabIndex={-1}>
      {item.url ? (
        <a href={item.url} target="_blank" rel="noreferrer" className="download-link">
          {item.title}
        </a>
      ) : (
        <span>{item.title}</span>
      )}{" "}
      {status ? (
        <span className={status.tone === "done" ? "status-pill" : "muted"} data-testid={`document-status-${item.documentTypeCode}`}>
          {status.text}
        </span>
      ) : null}
    </li>
  );
}

/** The four lists; `data` (the application) says which agreements are acknowledged and signed. */
export function DocumentLists({ lists, data = null }: { lists: AppointmentDocumentLists; data?: StatusData }) {
  const groups: Array<[string, DocumentListItem[]]> = [
    ["Generated Documents", lists.generated],
    ["Agreements", lists.agreements],
    ["Uploaded or Faxed Documents", lists.uploaded],
    ["Additional Documents", lists.additional],
  ];
  return (
    <div className="stack">
      {groups.map(([title, items]) =>
        items.length ? (
          <div key={title}>
            <h3>{title}</h3>
            <ul className="download-list">
              {items.map((i) => (
                <DocumentRow key={i.key} item={i} data={data} />
              ))}
            </ul>
          </div>
        ) : null,
      )}
    </div>
  );
}

export function DocsSection({ view, fields, form }: SectionProps) {
  const eoError = form.allErrors?.[EO_CERT_FIELD];
  return (
    <div className="app-section">
      <fieldset>
        <legend>Fax or Upload</legend>
        <p>
          Upload your documents below, or fax them to <strong data-testid="document-fax-number">{view.faxNumber}</strong>{" "}
          with your name on every page.
        </p>
        <CheckboxField meta={fields.willFax} value="on" label="I will fax my documents instead of uploading them" />
        <CheckboxField meta={fields.extraWritingNumRequested} value="on" label="I request an extra writing number" />
        {eoError?.length ? (
          <p className="field__error" id={`${fieldDomId(EO_CERT_FIELD)}-error`}>
            {eoError.join(" ")}
          </p>
        ) : null}
        {view.asks1033Consent ? (
          <p className="note" id={`${fieldDomId(CONSENT_1033_DOCUMENT_TYPE)}-note`}>
            {CONSENT_1033_MESSAGE}
          </p>
        ) : null}
        <FieldError meta={fields.willFax} />
      </fieldset>
    </div>
  );
}
