// A modal dialog that exists only with JavaScript ('Are you sure?', the
// add-a-state answers): opened with showModal() on mount, answered through
// onClick callbacks. Same look as components/Dialog (whose server-rendered,
// form-based buttons suit the no-JavaScript dialogs).
import { useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { WarningIcon } from "~/components/Icons";

export type ClientDialogButton = { label: string; onClick: () => void; kind?: "primary" | "secondary" | "danger"; autoFocus?: boolean };

export function ClientDialog({
  title,
  message,
  buttons,
  onCancel,
}: {
  title: string;
  message: string;
  buttons: ClientDialogButton[];
  /** Escape. */
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = `cdlg${useId().replace(/:/g, "")}`;
  const onCancelRef = useRef(onCancel);
  onCancelRef.current = onCancel;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (!el.open) el.showModal();
    const cancel = (e: Event) => {
      e.preventDefault();
      onCancelRef.current();
    };
    el.addEventListener("cancel", cancel);
    return () => {
      el.removeEventListener("cancel", cancel);
      if (el.open) el.close();
    };
  }, []);
  return createPortal(
    <dialog ref={ref} className="dialog dialog--warning" aria-labelledby={`${id}-title`} aria-describedby={`${id}-message`}>
      <div className="dialog__header">
        <span className="dialog__icon dialog__icon--warning">
          <WarningIcon size={28} />
        </span>
        <h2 className="dialog__title" id={`${id}-title`}>
          {title}
        </h2>
      </div>
      <div className="dialog__message" id={`${id}-message`}>
        <p>{message}</p>
      </div>
      <div className="dialog__actions">
        {buttons.map((b, i) => (
          <button
            key={b.label}
            type="button"
            className={`btn btn--${b.kind ?? (i === 0 ? "primary" : "secondary")}`}
            autoFocus={b.autoFocus}
            onClick={b.onClick}
          >
            {b.label}
          </button>
        ))}
      </div>
    </dialog>,
    document.body,
  );
}
