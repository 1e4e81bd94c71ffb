// Any path that names nothing: Page Not Found (HTTP 404), rendered by the
// root ErrorBoundary in the anonymous layout.
import { NOT_FOUND_TITLE, PageNotFound, notFound } from "~/components/PageNotFound";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta(NOT_FOUND_TITLE);

export function loader() {
  throw notFound();
}

export default function NotFoundRoute() {
  return <PageNotFound />;
}
