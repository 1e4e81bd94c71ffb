// The fee report's request (issue 37 item 7, decision 0117), client-safe: its form's schema (one
// rule for the browser and the action), its words, the month presets and its filter line. The
// report itself (report 4, FEE_REPORT_ID) runs through the report job: fee-report.server.ts.
import { z } from "zod";
import { addDays, type Day } from "~/lib/days";

export const FEE_REPORT_ID = 4;

export const FEE_REPORT_MESSAGES = {
  fromInvalid: "Enter the first day of the period as MM/DD/YYYY.",
  toInvalid: "Enter the last day of the period as MM/DD/YYYY.",
  reversed: "The last day cannot be before the first day.",
  tooLong: "A period is at most 366 days: request one report per year.",
  carrierInvalid: "Choose a carrier from the list.",
  refusedTitle: "The fee report was not requested",
  // Queued, and too many pending: the reports' own words (reports/messages.ts).
} as const;
const M = FEE_REPORT_MESSAGES;

/** A day as a date input posts it (yyyy-mm-dd), a real calendar day between 2000 and 2099. */
const isDay = (v: unknown): v is Day => typeof v === "string" && /^20\d\d-\d\d-\d\d$/.test(v) && !Number.isNaN(Date.parse(v)) && addDays(v, 0) === v;
const day = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(10, message)
    .refine(isDay, message)
    .transform((v) => v as Day);

export const MAX_PERIOD_DAYS = 366;

/** The form's fields (their limits reach the inputs); feeReportSchema adds the period's rules. */
export const feeReportFields = z.object({
  reportId: z.literal(String(FEE_REPORT_ID)).default(String(FEE_REPORT_ID)),
  from: day(M.fromInvalid),
  to: day(M.toInvalid),
  carrier: z.preprocess(
    (v) => (v === "" || v == null ? undefined : v),
    z.coerce.number({ error: M.carrierInvalid }).int(M.carrierInvalid).min(1, M.carrierInvalid).max(2 ** 31 - 1, M.carrierInvalid).optional(),
  ),
  /** The carrier's name for the filter line; set by the server from the id, never posted. */
  carrierName: z.string().max(200).optional(),
});

export const feeReportSchema = feeReportFields.superRefine((v, ctx) => {
  // Zod runs this even when a day was refused: compare only two good days.
  if (!isDay(v.from) || !isDay(v.to)) return;
  if (v.to < v.from) ctx.addIssue({ code: "custom", path: ["to"], message: M.reversed });
  else if (addDays(v.from, MAX_PERIOD_DAYS - 1) < v.to) ctx.addIssue({ code: "custom", path: ["to"], message: M.tooLong });
});

export type FeeReportInput = z.infer<typeof feeReportSchema>;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The month of `today` and the `count - 1` before it, newest first: links that fill the period in. */
export function monthPresets(today: Day, count = 4): Array<{ label: string; from: Day; to: Day }> {
  const out: Array<{ label: string; from: Day; to: Day }> = [];
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7));
  for (let i = 0; i < count; i++) {
    const from = `${y}-${String(m).padStart(2, "0")}-01`;
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
    out.push({ label: `${MONTHS[m - 1]} ${y}`, from, to: addDays(next, -1) });
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return out;
}

const mdy = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

/** The request's line under REPORT RESULTS. */
export function feeReportFilterText(input: FeeReportInput): string {
  const parts = [`Fees charged ${mdy(input.from)} to ${mdy(input.to)}`];
  if (input.carrier) parts.push(`Carrier: ${input.carrierName ?? input.carrier}`);
  return parts.join("; ");
}
