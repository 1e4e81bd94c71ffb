// The document download messages of spec part 1 (§2 'view', §8 'Download'):
// the one catalogue, shared by /view/{pth} and the pages that refer to the
// same sentences (Contact Us, Profile).
import { DOCUMENT_UNAVAILABLE_TITLE, FILE_EMPTY } from "./upload";

/** §8: the advice every 'could not' message ends with. */
export const TRY_AGAIN_LATER = "Please try again later or contact us if this problem persists.";

export const VIEW_MESSAGES = {
  downloading: "Downloading...",
  complete: "Download is complete!",
  emptyTitle: `${FILE_EMPTY.title}: ${FILE_EMPTY.message}`,
  unavailableTitle: DOCUMENT_UNAVAILABLE_TITLE,
  unavailable: "Unfortunately we are having trouble downloading your document at this time.",
  tryAgain: TRY_AGAIN_LATER,
  startsByItself: "The download starts by itself. If it does not, use the link below.",
  downloadLink: "Download the commission schedule",
  downloadAgain: "Download it again",
  savedAs: (fileName: string) => `Saved as ${fileName} in your downloads.`,
} as const;

/** How the download link addresses a commission schedule (an opaque document id: decision 0022). */
export function commissionScheduleFileUrl(documentId: string): string {
  return `/documents/schedule/${encodeURIComponent(documentId)}`;
}

/** The public page invitation emails link to (spec §7: 'a view path plus encoded document path'). */
export function commissionScheduleViewPath(documentId: string): string {
  return `/view/${encodeURIComponent(documentId)}`;
}
