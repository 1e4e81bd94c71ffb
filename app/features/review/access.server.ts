// Who may use the review queue (issue 11): internal administrators, and not
// while impersonating (an administrator acting for someone sees exactly what
// that person sees). Anyone else gets a 404, as if the screens did not
// exist, and the refusal is audited.
import { audit } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";

/** True for an internal administrator acting as themselves. */
export function isReviewer(user: Pick<CurrentUser, "isInternal" | "impersonator"> | null | undefined): boolean {
  return Boolean(user?.isInternal && !user.impersonator);
}

/** Throws a 404 (audited as ACCESS_DENIED) unless the user may review applications. */
export async function requireReviewer(user: CurrentUser, request: Request, appointmentId?: number): Promise<void> {
  if (isReviewer(user)) return;
  await audit("ACCESS_DENIED", {
    request,
    actorUserId: user.id,
    impersonatorUserId: user.impersonator?.id ?? null,
    targetType: appointmentId ? "Appointment" : "ReviewQueue",
    targetId: appointmentId ? String(appointmentId) : undefined,
    details: { what: "review queue", reason: user.isInternal ? "impersonating" : "not an internal administrator" },
  });
  throw new Response(null, { status: 404 });
}
