// '/{lnk}': the welcome page with an invitation or appointment link.
// Only link-shaped values (app/features/links/schema.ts) are accepted;
// anything else is Page Not Found. Special values: HOLD and PROFILE.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { notFound } from "~/components/PageNotFound";
import { Welcome, WELCOME_TITLE } from "~/components/Welcome";
import { linkSchema } from "~/features/links/schema";
import { skipsWelcome, welcomeData } from "~/features/users/shell.server";
import { getCurrentUser } from "~/lib/auth.server";
import { env } from "~/lib/env.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta(WELCOME_TITLE);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const raw = params.lnk ?? "";
  const special = raw.toUpperCase();
  if (special === "PROFILE") throw redirect("/profile");
  const user = await getCurrentUser(request);
  const url = new URL(request.url);
  if (special === "HOLD") {
    if (skipsWelcome(user)) throw redirect("/home");
    return welcomeData({ state: "HOLD", user, url, settings: env() });
  }
  const parsed = linkSchema.safeParse(raw);
  if (!parsed.success || parsed.data !== raw) throw notFound();
  const data = welcomeData({ state: "WELCOME", lnk: parsed.data, user, url, settings: env() });
  // A signed-in user with a link: the sign-in flow applies the link and goes home.
  if (skipsWelcome(user)) throw redirect(data.signInHref);
  return data;
}

export default function WelcomeWithLinkRoute() {
  return <Welcome data={useLoaderData<typeof loader>()} />;
}
