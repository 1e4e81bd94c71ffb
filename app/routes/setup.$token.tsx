// /setup/<token>: the one-time link printed at start while the deployment has
// no administrator (app/lib/first-admin.server.ts). Signed in, the user
// confirms and becomes the first administrator; a used or unknown link is a 404.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { AnonymousLayout } from "~/components/AnonymousLayout";
import { requireUser } from "~/lib/auth.server";
import { claimFirstAdministrator, setupLinkValid } from "~/lib/first-admin.server";
import { titleMeta } from "~/lib/meta";

const TITLE = "Set up the first administrator";
export const meta = titleMeta(TITLE);

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!(await setupLinkValid(params.token ?? ""))) throw notFound();
  await requireUser(request);
  return null;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (!(await claimFirstAdministrator(params.token ?? "", user.id, request))) throw notFound();
  return redirect("/home", 303);
}

export default function SetupRoute() {
  return (
    <AnonymousLayout>
      <h1>{TITLE}</h1>
      <p>This link was printed when the portal started. It works once, while the portal has no administrator.</p>
      <Form method="post">
        <button type="submit">Make my account the administrator</button>
      </Form>
    </AnonymousLayout>
  );
}
