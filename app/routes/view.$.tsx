// '/view/{pth}': the commission schedule download that invitation emails
// link to (spec part 1 §2 'view'). Anonymous. Placeholder for now: the
// download itself arrives with the documents feature.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AnonymousLayout } from "~/components/AnonymousLayout";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Document");

export function loader({ params }: LoaderFunctionArgs) {
  const pth = (params["*"] ?? "").trim();
  if (!pth) throw redirect("/");
  return { pth: pth.slice(0, 512) };
}

export default function DocumentViewRoute() {
  const { pth } = useLoaderData<typeof loader>();
  return (
    <AnonymousLayout>
      <section className="card card--centered" aria-labelledby="view-title">
        <h1 id="view-title">Document</h1>
        <p>This screen arrives in a later release.</p>
        <p className="muted">
          Requested document: <code>{pth}</code>
        </p>
        <p>
          <Link to="/" className="btn btn--secondary">
            Go to the home page
          </Link>
        </p>
      </section>
    </AnonymousLayout>
  );
}
