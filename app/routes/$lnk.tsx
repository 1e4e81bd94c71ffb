// '/{lnk}': the welcome page with an invitation or appointment link.
// Only link-shaped values (app/features/links/schema.ts) are accepted; a
// value meant as a link but malformed shows the ERROR state (looksLikeLink),
// anything else is Page Not Found. Special values: HOLD and PROFILE.
// A link that fails its check shows the ERROR state (OK goes to HOLD).
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { notFound } from "~/components/PageNotFound";
import { Welcome, WELCOME_TITLE } from "~/features/links/ui/Welcome";
import { findUserInvitation } from "~/features/agents/user-invitations.server";
import { currentLinkFor, linkInviter, validateLink } from "~/features/links/links.server";
import { isEmailAddress, normalizeEmail } from "~/lib/email-address";
import { LINK_FAILURE_MESSAGES } from "~/features/links/messages";
import { linkPrefix, linkSchema, looksLikeLink, malformedLinkFailure } from "~/features/links/schema";
import { skipsWelcome, welcomeData } from "~/lib/shell.server";
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
    return { ...welcomeData({ state: "HOLD", user, url, settings: env() }), linkFailure: null };
  }
  const parsed = linkSchema.safeParse(raw);
  // Pasted whitespace around a well-formed link is trimmed (decision 0047).
  if (parsed.success && parsed.data !== raw) throw redirect(`/${encodeURIComponent(parsed.data)}${url.search}`);
  if (!parsed.success) {
    // Meant as a link but malformed (a bare /APL, too long, a mistyped prefix, a pasted trailing space): the ERROR state.
    if (!looksLikeLink(raw)) throw notFound();
    if (skipsWelcome(user)) throw redirect(`/home?lnk=${encodeURIComponent(raw)}`);
    return { ...welcomeData({ state: "ERROR", user, url, settings: env() }), linkFailure: LINK_FAILURE_MESSAGES[malformedLinkFailure(raw)] };
  }
  // A re-issued appointment link (/EXT<old code>): permanently to its new link (decision 0020).
  const current = await currentLinkFor(parsed.data);
  if (current) throw redirect(`/${current}`, 301);
  // A signed-in user with a link: the dashboard applies it (spec part 1 §4).
  if (skipsWelcome(user)) throw redirect(`/home?lnk=${encodeURIComponent(parsed.data)}`);
  // GET user/link/{link}: a link that cannot be used shows the ERROR state.
  // An Invite User link (EXT, decision 0023) is checked when the user comes back signed in.
  const invitation = linkPrefix(parsed.data) === "EXT" ? await findUserInvitation(parsed.data).catch(() => null) : null;
  const check = linkPrefix(parsed.data) === "USR" || invitation ? null : await validateLink(parsed.data).catch(() => "error" as const);
  if (check === "error" || (check && !check.isValid)) {
    const failure = check === "error" ? null : LINK_FAILURE_MESSAGES[check.failureReasonCode];
    return { ...welcomeData({ state: "ERROR", user, url, settings: env() }), linkFailure: failure };
  }
  // Who invites (an APL or MLT link the check found usable): named on the page (issue 36 item 4).
  const inviter = check?.isValid ? await linkInviter(parsed.data).catch(() => null) : null;
  // The invitation email's ?email= (the invited address): only prefills the provider's forms (decision 0096).
  const loginHint = invitedAddress(url.searchParams.get("email"));
  // An Invite User link gives an existing agent portal access: worded for that, not as an appointment (decision 0050).
  return {
    ...welcomeData({ state: "WELCOME", lnk: parsed.data, loginHint, user, url, settings: env() }),
    linkFailure: null,
    agentAccess: Boolean(invitation),
    inviter,
  };
}

/** A well-formed address from the link's ?email=, else null: never trusted beyond prefilling. */
function invitedAddress(value: string | null): string | null {
  const email = normalizeEmail(value);
  return email && isEmailAddress(email) ? email : null;
}

export default function WelcomeWithLinkRoute() {
  const { linkFailure, ...data } = useLoaderData<typeof loader>();
  return (
    <Welcome
      data={data}
      linkFailure={linkFailure}
      agentAccess={"agentAccess" in data && data.agentAccess}
      inviter={"inviter" in data ? data.inviter : null}
    />
  );
}
