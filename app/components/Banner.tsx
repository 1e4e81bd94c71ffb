import { useEffect, useRef, type ReactNode } from "react";
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from "./Icons";

const ICONS = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, error: ErrorIcon };

/** An in-page notice (announcement, abandon warning, missing template...). */
export function Banner({
  variant = "info",
  title,
  children,
  role,
  focus = false,
  id,
}: {
  variant?: keyof typeof ICONS;
  title?: ReactNode;
  children?: ReactNode;
  role?: "status" | "alert" | "note";
  /** Move the focus here when shown (the answer to a POST), so screen readers read it first. */
  focus?: boolean;
  id?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  const Icon = ICONS[variant];
  return (
    <div
      ref={ref}
      id={id}
      className={`banner banner--${variant}`}
      role={role ?? (variant === "error" ? "alert" : "status")}
      tabIndex={focus ? -1 : undefined}
    >
      <span className="banner__icon">
        <Icon size={22} />
      </span>
      <div className="banner__content">
        {title ? <p className="banner__title">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}
