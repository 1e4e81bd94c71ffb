// The outcome of an action shown on the page (issue 36 item 8, decision 0103):
// the spec's title and message in a banner that stays until the next action,
// instead of a dialog to dismiss. Server-rendered from the action's answer or
// a ?flag after a redirect, so it works without JavaScript; with JavaScript the
// focus moves to it so a screen reader reads it first.
import type { ReactNode } from "react";
import { Banner } from "./Banner";

/** The spec's title and message (plain text, so a loader can return it). */
export type NoticeText = { title: string; message?: string };

export function Notice({
  title,
  message,
  variant = "success",
  children,
  id = "notice",
}: { title: string; message?: ReactNode; variant?: "success" | "error" | "info" | "warning"; children?: ReactNode; id?: string }) {
  return (
    <Banner variant={variant} title={title} role={variant === "error" ? "alert" : "status"} focus id={id}>
      {message ? <p>{message}</p> : null}
      {children}
    </Banner>
  );
}
