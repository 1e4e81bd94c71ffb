// A system document (instructions, pointers, agreements) shown in the PDF
// viewer, with a plain link that works without JavaScript.
export function systemDocumentUrl(key: string) {
  return `/documents/system/${encodeURIComponent(key)}`;
}

export function SystemPdf({ documentKey, title }: { documentKey: string; title: string }) {
  const url = systemDocumentUrl(documentKey);
  return (
    <div className="pdf-part__viewer">
      <p>
        <a href={url} target="_blank" rel="noreferrer" className="download-link">
          Open “{title}” (PDF)
        </a>
      </p>
    </div>
  );
}
