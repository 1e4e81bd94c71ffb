// '/view/{pth}': the commission schedule download that invitation emails link
// to (spec part 1 §2 'view', §8 'Download'; decision 0022). Anonymous: pth is
// the opaque id of a commission schedule document (only those are served).
// Empty pth: the welcome page. Otherwise 'Downloading...' then 'Download is
// complete!':
//  - with JavaScript the file is fetched, saved through an object URL (freed
//    after 1 second) and the page says it is complete; an empty file or a
//    failure shows the §8 messages;
//  - without JavaScript a refresh inside <noscript> starts the download and a
//    link offers it again (the browser, not the page, tells when it is done).
// Unknown or other documents: 'Document Unavailable' (404) at once.
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AnonymousLayout } from "~/components/AnonymousLayout";
import { commissionScheduleFile } from "~/features/documents/schedule-view.server";
import { commissionScheduleFileUrl, VIEW_MESSAGES } from "~/features/documents/view-messages";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Document");

type ViewState = "ready" | "complete" | "empty" | "unavailable";

export async function loader({ params }: LoaderFunctionArgs) {
  const pth = (params["*"] ?? "").trim();
  if (!pth) throw redirect("/");
  const found = await commissionScheduleFile(pth.slice(0, 100));
  if (found.kind !== "ok") return data({ state: (found.kind === "empty" ? "empty" : "unavailable") as ViewState, href: null, fileName: null }, { status: 404 });
  return { state: "ready" as ViewState, href: commissionScheduleFileUrl(found.documentId), fileName: found.fileName };
}

const OBJECT_URL_RELEASE_MS = 1000;

export default function DocumentViewRoute() {
  const loaded = useLoaderData<typeof loader>();
  const [state, setState] = useState<ViewState>(loaded.state);

  useEffect(() => {
    if (loaded.state !== "ready" || !loaded.href) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        const res = await fetch(loaded.href!, { credentials: "same-origin" });
        if (cancelled) return;
        if (!res.ok) {
          setState(res.headers.get("X-Download-Problem") === "empty" ? "empty" : "unavailable");
          return;
        }
        const blob = await res.blob();
        if (cancelled) return;
        if (blob.size === 0) {
          setState("empty");
          return;
        }
        const url = URL.createObjectURL(blob);
        const a = document.createElement("a");
        a.href = url;
        a.download = loaded.fileName ?? "commission-schedule.pdf";
        document.body.appendChild(a);
        a.click();
        a.remove();
        timer = setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_RELEASE_MS);
        setState("complete");
      } catch {
        if (!cancelled) setState("unavailable");
      }
    })();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [loaded.state, loaded.href, loaded.fileName]);

  return (
    <AnonymousLayout>
      <section className="card card--centered" aria-labelledby="view-title" aria-live="polite">
        {state === "ready" ? (
          <>
            <h1 id="view-title">{VIEW_MESSAGES.downloading}</h1>
            <noscript>
              <meta httpEquiv="refresh" content={`0;url=${loaded.href}`} />
              <p>{VIEW_MESSAGES.startsByItself}</p>
            </noscript>
            <p>
              <a href={loaded.href ?? "#"} className="btn btn--secondary" download>
                {VIEW_MESSAGES.downloadLink}
              </a>
            </p>
          </>
        ) : state === "complete" ? (
          <>
            <h1 id="view-title">{VIEW_MESSAGES.complete}</h1>
            {loaded.fileName ? <p>{VIEW_MESSAGES.savedAs(loaded.fileName)}</p> : null}
            <p>
              <a href={loaded.href ?? "#"} className="btn btn--secondary" download>
                {VIEW_MESSAGES.downloadAgain}
              </a>
            </p>
          </>
        ) : state === "empty" ? (
          <>
            <h1 id="view-title">{VIEW_MESSAGES.emptyTitle}</h1>
            <p>{VIEW_MESSAGES.tryAgain}</p>
          </>
        ) : (
          <>
            <h1 id="view-title">{VIEW_MESSAGES.unavailableTitle}</h1>
            <p>{VIEW_MESSAGES.unavailable}</p>
            <p>{VIEW_MESSAGES.tryAgain}</p>
          </>
        )}
      </section>
    </AnonymousLayout>
  );
}
