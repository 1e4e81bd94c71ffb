// The server's side of the capability table (app/lib/permissions.ts; decision
// 0037): every loader and action of app/routes starts with
// requireCapability(request, '<capability>'), before it reads a body.
import { getUserAndShell } from "~/lib/shell.server";
import { audit } from "./audit.server";
import { requireUser } from "./auth.server";
import type { CurrentUser } from "./current-user";
import { env } from "./env.server";
import { can, ROLE_CAPABILITIES, type Capability } from "./permissions";
import { refusalPageHtml } from "./refusal-page.server";

const REFUSALS = {
  403: { title: "Access Denied", message: "You do not have access to this page. Nothing was changed." },
  404: { title: "Page Not Found", message: "The page you asked for is not here." },
} as const;

/**
 * The refusal as the portal's page: a page route renders it through the root
 * error boundary (status 403: 'You do not have access to this page'); a
 * resource route sends this body as it is.
 */
export function refusal(status: 403 | 404): Response {
  const { title, message } = REFUSALS[status];
  const body = refusalPageHtml({ title, message, status, appTitle: env().DEFAULT_TITLE });
  return new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

/** Capabilities every signed-in user has: no need to read the shell for them. */
const EVERY_SIGNED_IN = new Set<Capability>(ROLE_CAPABILITIES.prospect);

/** The capabilities of who is asking (the root loader's read, shared for the request). */
export async function capabilitiesFor(request: Request): Promise<{ user: CurrentUser | null; capabilities: Capability[] }> {
  const { user, shell } = await getUserAndShell(request);
  return { user, capabilities: shell?.capabilities ?? [] };
}

/**
 * The signed-in user who may do `capability`, or: the way to sign in for
 * nobody (as requireUser), the 403 page for anyone else, audited as
 * ACCESS_DENIED. Call it first in a loader or action,
 * before the request's body is read.
 */
export async function requireCapability(
  request: Request,
  capability: Capability,
  target?: { targetType: string; targetId?: string },
): Promise<CurrentUser> {
  if (EVERY_SIGNED_IN.has(capability)) return requireUser(request);
  const { user, capabilities } = await capabilitiesFor(request);
  if (!user) return requireUser(request);
  if (can(capabilities, capability)) return user;
  await audit("ACCESS_DENIED", {
    request,
    actorUserId: user.id,
    impersonatorUserId: user.impersonator?.id ?? null,
    ...target,
    details: { capability, path: new URL(request.url).pathname, method: request.method },
  });
  // One answer for every capability (decision 0050): 403 with the portal's page. The review queue
  // and the hierarchy import answered 404 (decisions 0029, 0032) while /admin/requests answered 403.
  throw refusal(403);
}
