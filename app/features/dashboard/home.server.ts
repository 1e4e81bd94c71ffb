// The home page's side of links: `?lnk=` after sign-in and the link prompt.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { createCookie } from "@remix-run/node";
import type { CurrentUser } from "~/lib/current-user";
import { env } from "~/lib/env.server";
import { prisma } from "~/lib/db.server";
import { refusedFor } from "~/features/appointment/create.server";
import { resolveLink } from "~/features/appointment/resolve-link.server";
import { levelLine } from "~/features/dashboard/dashboard.server";
import { applyLink, currentLinkFor, validateLink, type LinkOutcome } from "~/features/links/links.server";
import {
  ALREADY_CONFIGURED_MESSAGE,
  ALREADY_CONFIGURED_TITLE,
  BAD_LINK_TITLE,
  LINK_CHECK_FAILED,
  LINK_ERROR_MESSAGE,
  LINK_FAILURE_MESSAGES,
  MD_UPDATE_FAILED_TITLE,
  MD_UPDATE_MESSAGES,
  MD_UPDATE_SUCCESS_MESSAGE,
  MD_UPDATE_SUCCESS_TITLE,
  SAME_SCHEDULE_TWICE_MESSAGE,
} from "~/features/links/messages";
import { isLinkShaped, linkFormSchema, looksLikeLink, malformedLinkFailure } from "~/features/links/schema";

/**
 * The link a user came with (`?lnk=` that added a NEW entry), remembered in
 * this browser so that plain /home still shows its entry until the wizard
 * starts (issue 20 item 22; decision 0047). Only a hint: the link is checked
 * again for the user on every use, and it is bound to the user who came with it.
 */
function rememberedLinkCookie() {
  return createCookie("portal_lnk", { httpOnly: true, sameSite: "lax", secure: env().secure, path: "/home", maxAge: 60 * 60 * 24 * 30 });
}

export async function rememberedLink(request: Request, user: CurrentUser): Promise<string | null> {
  const v: unknown = await rememberedLinkCookie().parse(request.headers.get("Cookie"));
  if (!v || typeof v !== "object") return null;
  const { u, l } = v as { u?: unknown; l?: unknown };
  return u === user.id && typeof l === "string" && isLinkShaped(l) ? l : null;
}

export async function rememberLink(user: CurrentUser, link: string): Promise<string> {
  return rememberedLinkCookie().serialize({ u: user.id, l: link });
}

/**
 * The dashboard's link: `?lnk=` when given (remembered when it adds an
 * entry), else the remembered one, which only ever adds its entry (its
 * dialogs were shown when the user came with it).
 */
export async function dashboardLink(
  user: CurrentUser,
  request: Request,
): Promise<{ outcome: LinkOutcome; setCookie: string | null }> {
  const lnk = new URL(request.url).searchParams.get("lnk");
  if (lnk) {
    const outcome = await linkOnDashboard(user, lnk, request);
    return { outcome, setCookie: outcome.kind === "entry" ? await rememberLink(user, outcome.entry.link) : null };
  }
  const remembered = await rememberedLink(request, user);
  if (!remembered) return { outcome: { kind: "none" }, setCookie: null };
  const outcome = await linkOnDashboard(user, remembered, request);
  return { outcome: outcome.kind === "entry" ? outcome : { kind: "none" }, setCookie: null };
}

/** The effect of `?lnk=` for the signed-in user; a malformed value is ignored. */
export async function linkOnDashboard(user: CurrentUser, lnk: string | null, request: Request): Promise<LinkOutcome> {
  if (!lnk) return { kind: "none" };
  // Meant as a link but malformed (the welcome page's ERROR state): 'Bad Appointment Link'.
  if (!isLinkShaped(lnk)) return looksLikeLink(lnk) ? { kind: "invalid", failureReasonCode: malformedLinkFailure(lnk) } : { kind: "none" };
  // A re-issued appointment link (EXT<old code>) stands for its new link (decision 0020).
  const link = (await currentLinkFor(lnk)) ?? lnk.trim();
  return applyLink(user, link, {
    request,
    resolve: async (link) => {
      const r = await resolveLink(prisma, { link });
      if (!r) return null;
      const refused = await refusedFor(prisma, user, r);
      return { link: r.link, appointmentLinkId: r.appointmentLinkId, multiLinkId: r.multiLinkId, lines: r.lines.map(levelLine), refused };
    },
  });
}

export type LinkDialog = {
  title: string;
  message: string;
  variant: "success" | "warning" | "error";
  /** The dialog's only way out is LOGOUT (marketing-director update). */
  logout: boolean;
};

/** The dialog the dashboard shows for a link outcome, if any. */
export function linkDialog(o: LinkOutcome): LinkDialog | null {
  switch (o.kind) {
    case "md":
      return o.result.isUpdated
        ? { title: MD_UPDATE_SUCCESS_TITLE, message: MD_UPDATE_SUCCESS_MESSAGE, variant: "success", logout: true }
        : { title: MD_UPDATE_FAILED_TITLE, message: MD_UPDATE_MESSAGES[o.result.status], variant: "error", logout: true };
    case "alreadyConfigured":
      return {
        title: ALREADY_CONFIGURED_TITLE,
        message: o.sameScheduleTwice ? SAME_SCHEDULE_TWICE_MESSAGE : ALREADY_CONFIGURED_MESSAGE,
        variant: "warning",
        logout: false,
      };
    case "invalid":
      return {
        title: BAD_LINK_TITLE,
        message: `${LINK_FAILURE_MESSAGES[o.failureReasonCode]} ${LINK_CHECK_FAILED}`,
        variant: "error",
        logout: false,
      };
    case "error":
      return { title: "System Error", message: `${LINK_ERROR_MESSAGE} ${LINK_CHECK_FAILED}`, variant: "error", logout: false };
    default:
      return null;
  }
}

/** The link prompt's submission: the schema's rules, then the server's check. */
export async function checkPromptedLink(
  formData: FormData,
): Promise<{ ok: true; link: string } | { ok: false; reply: SubmissionResult<string[]> }> {
  const submission = parseWithZod(formData, { schema: linkFormSchema });
  if (submission.status !== "success") return { ok: false, reply: submission.reply() };
  const link = (await currentLinkFor(submission.value.link)) ?? submission.value.link;
  let message: string;
  try {
    const check = await validateLink(link);
    if (check.isValid) return { ok: true, link };
    message = LINK_FAILURE_MESSAGES[check.failureReasonCode];
  } catch (error) {
    console.error("validateLink failed", (error as Error).message);
    message = LINK_ERROR_MESSAGE;
  }
  return { ok: false, reply: submission.reply({ fieldErrors: { link: [message] }, formErrors: [LINK_CHECK_FAILED] }) };
}
