// Who may use the review queue (issue 11): internal administrators, and not
// while impersonating (an administrator acting for someone sees exactly what
// that person sees). The rule is the capability table's 'review:application'
// (app/lib/permissions.ts); the routes check it with requireCapability, and
// anyone else gets a 404, as if the screens did not exist, audited.
import type { CurrentUser } from "~/lib/current-user";
import { can, capabilitiesOf, rolesOf } from "~/lib/permissions";

/** True for an internal administrator acting as themselves. */
export function isReviewer(user: Pick<CurrentUser, "isInternal" | "impersonator"> | null | undefined): boolean {
  return Boolean(user) && can(capabilitiesOf(rolesOf(user && { userRoleCode: "", ...user }, null)), "review:application");
}
