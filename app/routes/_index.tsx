import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Welcome, WELCOME_TITLE } from "~/features/links/ui/Welcome";
import { skipsWelcome, welcomeData } from "~/lib/shell.server";
import { getCurrentUser } from "~/lib/auth.server";
import { env } from "~/lib/env.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta(WELCOME_TITLE);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request);
  if (skipsWelcome(user)) throw redirect("/home");
  const url = new URL(request.url);
  // ?error=link: the sign-in flow could not validate the link it was given.
  const state = url.searchParams.get("error") === "link" ? "ERROR" : "HOLD";
  return welcomeData({ state, user, url, settings: env() });
}

export default function WelcomeRoute() {
  return <Welcome data={useLoaderData<typeof loader>()} />;
}
