// The home page's side of links: `?lnk=` after sign-in and the link prompt.
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { refusedFor } from "~/features/appointment/create.server";
import { resolveLink } from "~/features/appointment/resolve-link.server";
import { levelLine } from "~/features/users/dashboard.server";
import { applyLink, currentLinkFor, validateLink, type LinkOutcome } from "./links.server";
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
} from "./messages";
import { isLinkShaped, linkFormSchema } from "./schema";

/** The effect of `?lnk=` for the signed-in user; a malformed value is ignored. */
export async function linkOnDashboard(user: CurrentUser, lnk: string | null, request: Request): Promise<LinkOutcome> {
  if (!lnk || !isLinkShaped(lnk)) return { kind: "none" };
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
