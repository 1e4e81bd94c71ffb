// /setup/<token>: the one-time link printed at start while the deployment has
// no administrator (app/lib/first-admin.server.ts). Signed in, the user
// confirms and becomes the first administrator; a used or unknown link is a 404.
// A user whose email address is not confirmed is told to confirm it first (403).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AnonymousLayout } from "~/components/AnonymousLayout";
import { requireUser } from "~/lib/auth.server";
import { claimFirstAdministrator, mayBecomeFirstAdministrator, setupLinkValid } from "~/lib/first-admin.server";
import { titleMeta } from "~/lib/meta";

const TITLE = "Set up the first administrator";
export const meta = titleMeta(TITLE);

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!(await setupLinkValid(params.token ?? ""))) throw notFound();
  const user = await requireUser(request);
  if (!mayBecomeFirstAdministrator(user)) return data({ unconfirmed: true }, 403);
  return { unconfirmed: false };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (!(await claimFirstAdministrator(params.token ?? "", user.id, request))) {
    if (!(await setupLinkValid(params.token ?? ""))) throw notFound();
    return data({ unconfirmed: true }, 403);
  }
  return redirect("/home", 303);
}

export default function SetupRoute() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const unconfirmed = loaded.unconfirmed || acted?.unconfirmed;
  return (
    <AnonymousLayout>
      <h1>{TITLE}</h1>
      <p>This link was printed when the portal started. It works once, while the portal has no administrator.</p>
      {unconfirmed ? (
        <p role="alert">
          Confirm your email address first: the administrator must be someone whose address is confirmed. Follow the link
          emailed to you when you signed up, sign in again, then open this link again.
        </p>
      ) : (
        <Form method="post">
          <button type="submit">Make my account the administrator</button>
        </Form>
      )}
    </AnonymousLayout>
  );
}
