// The spec's dialogs (title + message, with an info/success/warning/error
// icon, and buttons). Works in two modes:
//  - without JavaScript it is server-rendered as an open, non-modal <dialog>
//    in the page (centered, with a dimmed backdrop drawn by CSS); its close
//    buttons use <form method="dialog">, which browsers handle natively;
//  - with JavaScript it is upgraded to a real modal (showModal: focus is
//    trapped, Escape closes it, ::backdrop dims the page).
// Do not render it inside another <form> (its buttons are forms).
import { Form, Link } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from "./Icons";

export type DialogVariant = "info" | "success" | "warning" | "error";

type ButtonBase = {
  label: string;
  /** primary (filled) or secondary (outlined); the first button defaults to primary. */
  kind?: "primary" | "secondary" | "danger";
  /** Give this button the initial focus. */
  autoFocus?: boolean;
};

export type DialogButton =
  /** Closes the dialog (no request). `value` becomes the dialog's returnValue. */
  | (ButtonBase & { close: true; value?: string })
  /** Navigates. `reloadDocument` for routes that redirect off-site (sign-in). */
  | (ButtonBase & { to: string; reloadDocument?: boolean })
  /** Submits a form with hidden fields. */
  | (ButtonBase & {
      action: string;
      method?: "get" | "post";
      fields?: Record<string, string>;
      reloadDocument?: boolean;
    });

export type DialogProps = {
  title: string;
  /** The message; a string or any content. */
  message?: ReactNode;
  /** Extra content under the message (a form, a list...). */
  children?: ReactNode;
  variant?: DialogVariant;
  /** Defaults to a single OK button that closes the dialog. */
  buttons?: DialogButton[];
  /** Controlled visibility (default true: shown as rendered). */
  open?: boolean;
  /** Called when the dialog closes (button, Escape); receives the returnValue. */
  onClose?: (returnValue: string) => void;
  /** Escape closes the dialog (default true). Set false for dialogs that must be answered. */
  dismissible?: boolean;
  id?: string;
  className?: string;
};

const ICONS = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, error: ErrorIcon };

/** A dialog still in the top layer; false where a browser does not know :modal (it throws there). */
function stillModal(el: HTMLDialogElement): boolean {
  try {
    return el.matches(":modal");
  } catch {
    return false;
  }
}

export function Dialog({
  title,
  message,
  children,
  variant = "info",
  buttons = [{ label: "OK", close: true }],
  open = true,
  onClose,
  dismissible = true,
  id,
  className,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const upgrading = useRef(false);
  /** A close the parent asked for (open={false}): its close event is not passed to onClose. */
  const quiet = useRef(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const autoId = useId();
  const baseId = id ?? `dlg${autoId.replace(/:/g, "")}`;
  const Icon = ICONS[variant];

  // Upgrade the server-rendered (non-modal) dialog to a modal one.
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showModal !== "function") return;
    if (open) {
      if (el.open && !el.matches(":modal")) {
        upgrading.current = true;
        el.close();
        upgrading.current = false;
      }
      if (!el.open) el.showModal();
    } else if (el.open) {
      el.close();
    } else if (stillModal(el)) {
      // React has already removed the open attribute, which does not take a modal dialog out of
      // the top layer (Chromium): the page behind stayed inert, nothing could be clicked (issue 35,
      // found by tests/e2e/back-office-review.test.ts after an upload). Open it again to close it,
      // without telling onClose (the parent closed it).
      quiet.current = true;
      el.setAttribute("open", "");
      el.close();
    }
  }, [open]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const handleClose = () => {
      // The close event is queued: the one from the upgrade arrives after the
      // dialog is open again as a modal, so an open dialog did not close.
      if (quiet.current) {
        quiet.current = false;
        return;
      }
      if (!upgrading.current && !el.open) onCloseRef.current?.(el.returnValue);
    };
    const handleCancel = (e: Event) => {
      if (!dismissible) e.preventDefault();
    };
    el.addEventListener("close", handleClose);
    el.addEventListener("cancel", handleCancel);
    return () => {
      el.removeEventListener("close", handleClose);
      el.removeEventListener("cancel", handleCancel);
    };
  }, [dismissible]);

  const hasFocus = buttons.some((b) => b.autoFocus);

  return (
    <dialog
      ref={ref}
      id={baseId}
      open={open}
      className={["dialog", `dialog--${variant}`, className].filter(Boolean).join(" ")}
      aria-labelledby={`${baseId}-title`}
      aria-describedby={message ? `${baseId}-message` : undefined}
    >
      <div className="dialog__header">
        <span className={`dialog__icon dialog__icon--${variant}`}>
          <Icon size={28} />
        </span>
        <h2 className="dialog__title" id={`${baseId}-title`}>
          {title}
        </h2>
      </div>
      {message ? (
        <div className="dialog__message" id={`${baseId}-message`}>
          {message}
        </div>
      ) : null}
      {children ? <div className="dialog__body">{children}</div> : null}
      {buttons.length > 0 ? (
        <div className="dialog__actions">
          {buttons.map((b, i) => (
            <DialogActionButton key={`${b.label}-${i}`} button={b} primary={i === 0} focus={b.autoFocus || (!hasFocus && i === 0)} />
          ))}
        </div>
      ) : null}
    </dialog>
  );
}

function DialogActionButton({ button, primary, focus }: { button: DialogButton; primary: boolean; focus: boolean }) {
  const kind = button.kind ?? (primary ? "primary" : "secondary");
  const cls = `btn btn--${kind}`;
  if ("close" in button) {
    return (
      <form method="dialog" className="dialog__form">
        <button type="submit" className={cls} value={button.value ?? "ok"} autoFocus={focus}>
          {button.label}
        </button>
      </form>
    );
  }
  if ("to" in button) {
    return (
      <Link to={button.to} className={cls} reloadDocument={button.reloadDocument} autoFocus={focus}>
        {button.label}
      </Link>
    );
  }
  return (
    <Form
      method={button.method ?? "post"}
      action={button.action}
      reloadDocument={button.reloadDocument}
      className="dialog__form"
    >
      {Object.entries(button.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={cls} autoFocus={focus}>
        {button.label}
      </button>
    </Form>
  );
}
