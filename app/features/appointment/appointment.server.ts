// The appointment application's server API (spec part 2 §2–§5, §8;
// decisions 0009 and 0015), one module per job:
//   load.server.ts      the application for the screen (loadApplication, toFormData)
//   save.server.ts      one section saved (saveSection), absent fields unchanged, one write at a time
//   submit.server.ts    the submit, and the card data retention
//   sensitive.server.ts masks, keep / replace, the replies that show stored masks
//   personal / commissions / fees / agreements / documents .server.ts
//                       each section's read mapping, database checks and write
// Every function takes the asking user and reads the row through
// requireAppointmentAccess (404 for someone else's application, 403
// 'read-only' for a write once submitted).
export { loadApplication, toFormData, type ApplicationView, type HeaderLine } from "./load.server";
export { saveSection, type SaveResult } from "./save.server";
export { ALL_FIELDS } from "./form-data";
export { eraseCardData, submitApplication, type SubmitResult } from "./submit.server";
export { SENSITIVE_FIELDS, echoReply } from "./sensitive.server";
export type { FullAppointment } from "./record.server";
export * from "./messages";
