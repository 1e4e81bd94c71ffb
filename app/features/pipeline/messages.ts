// Messages of the dashboard's pipeline card and the filtered lists it links to (decision 0027).
/** A forged ?status= or ?days= of /inprog or /invites. */
export const BAD_FILTER = "This list cannot be filtered that way.";
