// A PDF shown in the page. On the server and before hydration (and without
// JavaScript) it is a plain link to open or download the document; after
// mount it swaps in the react-pdf viewer (PdfViewer.client.tsx), loaded
// lazily so that react-pdf never reaches the server bundle's execution.
import { lazy, Suspense, useEffect, useState } from "react";

const PdfViewerClient = lazy(() => import("./PdfViewer.client"));

export type PdfViewerProps = {
  /** Inline URL of the PDF (e.g. /appoint/documents/<id>?id=<appointmentId>). */
  url: string;
  /** Attachment URL; defaults to url with download=1. */
  downloadUrl?: string;
  title: string;
  className?: string;
};

export function withDownload(url: string): string {
  return url + (url.includes("?") ? "&" : "?") + "download=1";
}

function PdfLinks({ url, downloadUrl, title }: { url: string; downloadUrl: string; title: string }) {
  return (
    <p className="pdf-viewer__fallback">
      <a href={url} target="_blank" rel="noreferrer">
        Open “{title}” (PDF)
      </a>
      {" · "}
      <a href={downloadUrl} download>
        Download
      </a>
    </p>
  );
}

export function PdfViewer({ url, downloadUrl, title, className }: PdfViewerProps) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const dl = downloadUrl ?? withDownload(url);
  const links = <PdfLinks url={url} downloadUrl={dl} title={title} />;
  return (
    <div className={["pdf-viewer-frame", className].filter(Boolean).join(" ")}>
      {mounted ? (
        <Suspense fallback={links}>
          <PdfViewerClient url={url} downloadUrl={dl} title={title} />
        </Suspense>
      ) : (
        links
      )}
    </div>
  );
}
