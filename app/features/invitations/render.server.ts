// The invitation's email text (spec part 1 §5): the template body
// sanitized with its merge fields filled in on the parsed document (from the
// prospect, the recruiter and the link's lines), sanitized again
// (decision 0046).
import { appointmentLineName } from "~/features/appointment/ui/lines";
import { commissionScheduleViewPath } from "~/features/documents/view-messages";
import type { Prisma } from "~/generated/prisma/client";
import { env } from "~/lib/env.server";
import { sanitizeRichHtml } from "~/lib/html.server";
import type { InviteTarget } from "./invite-context.server";
import { mergeValues, placeholderName, renderMergeFields, renderMergeText, type MergeLine } from "./merge.server";

type Db = Prisma.TransactionClient;

function mergeLines(t: InviteTarget, appUrl: string): MergeLine[] {
  return t.lines.map((l) => ({
    carrierName: l.scheduleLevel.schedule.carrier.name,
    // The product with the schedule's name ('Health (Advantage)'): two schedules of one product differ (issue 20 item 9).
    productType: appointmentLineName({
      carrier: "",
      carrierName: l.scheduleLevel.schedule.carrier.name,
      productType: l.scheduleLevel.schedule.productType.name,
      scheduleName: l.scheduleLevel.schedule.scheduleName,
      levelNo: l.scheduleLevel.levelNo,
      levelName: l.scheduleLevel.levelName,
    }),
    levelNo: l.scheduleLevel.levelNo,
    levelName: l.scheduleLevel.levelName,
    scheduleName: l.scheduleLevel.schedule.scheduleName,
    documentUrl: l.scheduleLevel.documentId ? `${appUrl}${commissionScheduleViewPath(l.scheduleLevel.documentId)}` : null,
  }));
}

const FALLBACK_SUBJECT = "Your invitation from [[RecruiterName]]";

/** The subject and HTML the prospect receives: the body sanitized with the merge fields filled in, sanitized again. */
export async function renderInvitation(
  db: Db,
  t: InviteTarget,
  input: { firstName: string; lastName: string; email: string; body: string; subject: string | null },
): Promise<{ html: string; subject: string }> {
  const appUrl = env().appUrl;
  const fields = await db.templateField.findMany({ select: { placeholder: true } });
  const known = new Set(fields.map((f) => placeholderName(f.placeholder)));
  const r = t.lines[0]!.recruiterAgent;
  const values = mergeValues({
    prospect: { firstName: input.firstName, lastName: input.lastName },
    recruiter: {
      firstName: r.firstName,
      lastName: r.lastName,
      companyName: r.companyName,
      agentNumber: r.agentNumber,
      email: r.email,
      phone: r.phoneNumber,
      address1: r.address1,
      address2: r.address2,
      city: r.city,
      stateCode: r.stateCode,
      zipCode: r.zipCode,
      businessName: r.businessName,
      businessPhone: r.businessPhone,
      businessAddress1: r.businessAddress1,
      businessAddress2: r.businessAddress2,
      businessCity: r.businessCity,
      businessStateCode: r.businessStateCode,
      businessZipCode: r.businessZipCode,
    },
    companyName: t.lines[0]!.scheduleLevel.schedule.carrier.name,
    // The invited address rides along to prefill sign-up (decision 0096); nothing trusts it beyond that.
    linkUrl: `${appUrl}/${t.link}?email=${encodeURIComponent(input.email.trim().toLowerCase())}`,
    lines: mergeLines(t, appUrl),
  });
  // Template images (/timg/…) are addressed absolutely to APP_URL in the email (decision 0025).
  const html = sanitizeRichHtml(renderMergeFields(input.body, values, known), { baseUrl: appUrl });
  const subject = renderMergeText(input.subject || FALLBACK_SUBJECT, values, known).slice(0, 250);
  return { html, subject };
}
