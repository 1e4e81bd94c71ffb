// The in-page PDF viewer (react-pdf 10 / pdf.js 5). Browser only: importing
// react-pdf on the server crashes it (DOMMatrix), so this module is loaded
// by PdfViewer.tsx after mount, never during server rendering. The worker
// is the copy scripts/setup.mjs puts in public/ (same pdfjs-dist version).
// Page navigation, zoom to the container's width, zoom in and out.
import { useCallback, useEffect, useRef, useState } from "react";
import { Document, Page, pdfjs } from "react-pdf";

pdfjs.GlobalWorkerOptions.workerSrc = "/pdf.worker.min.mjs";

// No eval in pdf.js (our CSP has no 'unsafe-eval').
const OPTIONS = { isEvalSupported: false } as const;
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2];

export type PdfViewerClientProps = {
  url: string;
  downloadUrl: string;
  title: string;
  /** Called when the document cannot be loaded (the fallback link stays usable). */
  onError?: (error: Error) => void;
};

export default function PdfViewerClient({ url, downloadUrl, title, onError }: PdfViewerClientProps) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>(0);
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [failed, setFailed] = useState(false);

  // Fit to width: follow the container's width.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(200, Math.floor(el.clientWidth - 2)));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const onLoad = useCallback(({ numPages }: { numPages: number }) => {
    setPages(numPages);
    setPage((p) => Math.min(Math.max(1, p), numPages));
    setFailed(false);
  }, []);

  const onLoadError = useCallback(
    (error: Error) => {
      setFailed(true);
      onError?.(error);
    },
    [onError],
  );

  const zoomIndex = ZOOMS.indexOf(zoom);
  return (
    <div className="pdf-viewer" role="group" aria-label={`${title} (PDF viewer)`}>
      <div className="pdf-viewer__toolbar" role="toolbar" aria-label="PDF viewer controls">
        <button type="button" className="btn btn--secondary btn--small" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1} aria-label="Previous page">
          ‹
        </button>
        {/* Until pdf.js has the document (seconds on a slow phone) there is no page to count. */}
        <span className="pdf-viewer__page" aria-live="polite">
          {pages ? `Page ${page} of ${pages}` : failed ? "Not shown" : "Loading…"}
        </span>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => setPage((p) => Math.min(pages, p + 1))} disabled={page >= pages} aria-label="Next page">
          ›
        </button>
        <span className="pdf-viewer__spacer" />
        <span className="pdf-viewer__zoom">
          <button type="button" className="btn btn--secondary btn--small" onClick={() => setZoom(ZOOMS[Math.max(0, zoomIndex - 1)]!)} disabled={!pages || zoomIndex <= 0} aria-label="Zoom out">
            −
          </button>
          <button type="button" className="btn btn--secondary btn--small" onClick={() => setZoom(1)} disabled={zoom === 1}>
            Fit width
          </button>
          <button type="button" className="btn btn--secondary btn--small" onClick={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, zoomIndex + 1)]!)} disabled={!pages || zoomIndex >= ZOOMS.length - 1} aria-label="Zoom in">
            +
          </button>
        </span>
        <a className="pdf-viewer__download" href={downloadUrl} download>
          Download
        </a>
      </div>
      {/* Scrollable when zoomed: focusable so the keyboard can scroll it. */}
      <div ref={box} className="pdf-viewer__canvas" style={{ overflow: "auto" }} tabIndex={0} role="region" aria-label={`${title}, page ${page}`}>
        {failed ? (
          <p className="pdf-viewer__error" role="alert">
            The document could not be shown here. <a href={url} target="_blank" rel="noreferrer">Open “{title}”</a> or{" "}
            <a href={downloadUrl}>download it</a>.
          </p>
        ) : (
          <Document
            file={url}
            options={OPTIONS}
            onLoadSuccess={onLoad}
            onLoadError={onLoadError}
            loading={
              // The document is readable before the viewer is: open it in the browser's own viewer.
              <p className="muted pdf-viewer__loading">
                Loading “{title}”… or <a href={url} target="_blank" rel="noreferrer">open it now</a>.
              </p>
            }
            error={<p className="muted">The document could not be loaded.</p>}
          >
            {width > 0 && pages > 0 ? (
              <Page pageNumber={page} width={Math.round(width * zoom)} renderTextLayer={false} renderAnnotationLayer={false} />
            ) : null}
          </Document>
        )}
      </div>
    </div>
  );
}
