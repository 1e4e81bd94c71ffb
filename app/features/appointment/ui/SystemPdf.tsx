// A system document (instructions, pointers, agreements) in the PDF viewer;
// without JavaScript the viewer is a plain link to open or download it.
import { PdfViewer } from "~/components/PdfViewer";

export function systemDocumentUrl(key: string) {
  return `/documents/system/${encodeURIComponent(key)}`;
}

export function SystemPdf({ documentKey, title }: { documentKey: string; title: string }) {
  return <PdfViewer url={systemDocumentUrl(documentKey)} title={title} />;
}
