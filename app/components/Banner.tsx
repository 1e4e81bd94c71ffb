import type { ReactNode } from "react";
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from "./Icons";

const ICONS = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, error: ErrorIcon };

/** An in-page notice (announcement, abandon warning, missing template...). */
export function Banner({
  variant = "info",
  title,
  children,
  role,
}: {
  variant?: keyof typeof ICONS;
  title?: ReactNode;
  children?: ReactNode;
  role?: "status" | "alert" | "note";
}) {
  const Icon = ICONS[variant];
  return (
    <div className={`banner banner--${variant}`} role={role ?? (variant === "error" ? "alert" : "status")}>
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
