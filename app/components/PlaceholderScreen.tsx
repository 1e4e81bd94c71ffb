import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PageHeader } from "./PageHeader";
import { SignedInLayout } from "./SignedInLayout";

/** A signed-in screen that is routed and protected but not built yet. */
export function PlaceholderScreen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <SignedInLayout>
      <PageHeader title={title} />
      <section className="card placeholder">
        <p>This screen arrives in a later release.</p>
        {children}
        <p>
          <Link to="/home" className="btn btn--secondary">
            Back to the dashboard
          </Link>
        </p>
      </section>
    </SignedInLayout>
  );
}
