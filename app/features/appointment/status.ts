// The one catalogue of appointment statuses (issue 21; decision 0056): code,
// display text, the grids' text and the filter id, from the spec:
//  - part 2 §3: APWF_STATUS_NEWCONTRACT is shown as 'Awaiting Approval'; ids
//    6 Incomplete, 7 Awaiting Approval, 8 Approved, 53 Abandoned (the report
//    filters, part 3 §4);
//  - part 3 §2: the in-progress grid (and the reports' rows) show
//    'New Contract' as 'Submitted for Approval';
//  - part 1 §4, part 2 §3: further statuses' codes are not shown.
// The application's header, the dashboard, agent detail, the review queue,
// the in-progress grid, the report filters and the reports' SQL all read it.
// Pure (browser and server).

export const APPOINTMENT_STATUSES = [
  "APWF_STATUS_INVITED",
  "APWF_STATUS_INCOMPLETE",
  "APWF_STATUS_NEWCONTRACT",
  "APWF_STATUS_APPROVED",
  "APWF_STATUS_REJECTED",
  "APWF_STATUS_ABANDONED",
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

type StatusEntry = {
  /** The status's text (the application, the dashboard, agent detail, the review queue, the filters). */
  label: string;
  /** The in-progress grid's and the reports' text, where the spec gives another. */
  gridLabel?: string;
  /** The id of the reports' status filter (spec part 3 §4), for the statuses it offers. */
  filterId?: string;
};

export const APPOINTMENT_STATUS_CATALOGUE: Record<AppointmentStatus, StatusEntry> = {
  APWF_STATUS_INVITED: { label: "Invited" },
  APWF_STATUS_INCOMPLETE: { label: "Incomplete", filterId: "6" },
  APWF_STATUS_NEWCONTRACT: { label: "Awaiting Approval", gridLabel: "Submitted for Approval", filterId: "7" },
  APWF_STATUS_APPROVED: { label: "Approved", filterId: "8" },
  APWF_STATUS_REJECTED: { label: "Rejected" },
  APWF_STATUS_ABANDONED: { label: "Abandoned", filterId: "53" },
};

/** Display text of the statuses, by code. */
export const STATUS_TEXT: Record<AppointmentStatus, string> = Object.fromEntries(
  APPOINTMENT_STATUSES.map((c) => [c, APPOINTMENT_STATUS_CATALOGUE[c].label]),
) as Record<AppointmentStatus, string>;

function entryOf(code: string): StatusEntry | undefined {
  return Object.prototype.hasOwnProperty.call(APPOINTMENT_STATUS_CATALOGUE, code) ? APPOINTMENT_STATUS_CATALOGUE[code as AppointmentStatus] : undefined;
}

/** A status the catalogue does not know: its name without the code's prefix ('APWF_STATUS_ON_HOLD' reads 'On hold'), never the code. */
export function unknownStatusText(code: string): string {
  const name = code.replace(/^APWF_STATUS_/, "").replace(/_/g, " ").toLowerCase();
  return name.replace(/^\w/, (c) => c.toUpperCase());
}

/** Display text of a status code. */
export function statusText(code: string): string {
  return entryOf(code)?.label ?? unknownStatusText(code);
}

/** The in-progress grid's and the reports' text of a status code ('Submitted for Approval' for a new contract). */
export function gridStatusText(code: string): string {
  const e = entryOf(code);
  return e ? (e.gridLabel ?? e.label) : unknownStatusText(code);
}

/** The reports' appointment status filter (spec part 3 §4): id, code and text, in the spec's order. */
export const APPOINTMENT_STATUS_FILTERS = APPOINTMENT_STATUSES.flatMap((code) => {
  const { filterId, label } = APPOINTMENT_STATUS_CATALOGUE[code];
  return filterId ? [{ id: filterId, code, label }] : [];
}).sort((a, b) => Number(a.id) - Number(b.id));
