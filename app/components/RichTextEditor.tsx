// A rich-text (HTML) editor for email text: invitations, and the email
// template editor (spec part 1 §2, part 3 'Email templates').
// Without JavaScript (and before hydration) it is a plain <textarea> that
// holds the HTML under `name`, so the form still sends. After mount it
// swaps in the lexical editor (RichTextEditor.client.tsx, loaded lazily so
// lexical never runs on the server): toolbar bold, italic, underline,
// strike, bullets, numbers, undo, redo and, when given, manage images,
// insert image, insert merge field and help (the template editor); the
// HTML goes into a hidden input under `name`. Give it a new `key` to load other HTML (a template change).
// The server must sanitize what it receives (app/lib/html.server.ts).
// Styles: app/styles/rich-text.css (link it from the route).
import { lazy, Suspense, useEffect, useState } from "react";

const RichTextEditorClient = lazy(() => import("./RichTextEditor.client"));

export type RichTextEditorProps = {
  /** The form field that carries the HTML. */
  name: string;
  /** DOM id of the editable area (the label's htmlFor). */
  id: string;
  label: string;
  defaultHtml: string;
  /** Called with the HTML after each change (JavaScript only). */
  onChange?: (html: string) => void;
  /** aria-describedby of the field (its error message). */
  describedBy?: string;
  invalid?: boolean;
  /** Hint under the label (e.g. the merge fields). */
  hint?: string;
  rows?: number;
  /** Extra toolbar content. */
  toolbarExtra?: React.ReactNode;
  /** Images the toolbar's 'Insert image' offers (small 80 px, medium 300 px, large original size). */
  images?: Array<{ url: string; name: string }>;
  /** Merge fields the toolbar's 'Insert merge field' offers ([[Placeholder]] is inserted). */
  mergeFields?: Array<{ placeholder: string; label: string }>;
  /** Where the toolbar's 'Manage images' goes (the page's images section). */
  manageImagesHref?: string;
  /** Where the toolbar's 'Help' goes (the page's help section). */
  helpHref?: string;
};

export function RichTextEditor(props: RichTextEditorProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const textarea = <FallbackTextarea {...props} />;
  return (
    <div className={`field rich-text${props.invalid ? " field--invalid" : ""}`}>
      {mounted ? (
        <Suspense fallback={textarea}>
          <RichTextEditorClient {...props} />
        </Suspense>
      ) : (
        textarea
      )}
    </div>
  );
}

function FallbackTextarea({ name, id, label, defaultHtml, describedBy, invalid, hint, rows = 14 }: RichTextEditorProps) {
  return (
    <>
      <label htmlFor={id}>{label} (HTML)</label>
      {hint ? (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultHtml}
        className="rich-text__source"
        spellCheck={false}
        aria-invalid={invalid || undefined}
        aria-describedby={[hint ? `${id}-hint` : null, describedBy].filter(Boolean).join(" ") || undefined}
      />
    </>
  );
}
