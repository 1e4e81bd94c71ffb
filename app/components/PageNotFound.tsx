import { Link } from "@remix-run/react";
import { AnonymousLayout } from "./AnonymousLayout";

export const NOT_FOUND_TITLE = "Page Not Found";

/** The content of the Page Not Found screen (without layout). */
export function PageNotFoundContent() {
  return (
    <section className="card card--centered not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{NOT_FOUND_TITLE}</h1>
      <p>Sorry, the page you were looking for was not found. It may have moved, or the address may be mistyped.</p>
      <p>
        <Link to="/" className="btn btn--primary">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}

/** Page Not Found, in the anonymous layout. */
export function PageNotFound() {
  return (
    <AnonymousLayout>
      <PageNotFoundContent />
    </AnonymousLayout>
  );
}

/** Throw from a loader for any path or parameter that names nothing. */
export function notFound(): Response {
  return new Response(null, { status: 404, statusText: "Not Found" });
}
