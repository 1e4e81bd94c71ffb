// The signed-in user as loaders and components see it (no secrets).
export type CurrentUser = {
  id: string;
  userName: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  userRoleCode: string;
  isInternal: boolean;
  /** The provider said this email is verified (at the last sign-in). */
  emailVerified: boolean;
  /** Set while an internal administrator acts as this user. */
  impersonator: { id: string; userName: string; firstName: string | null; lastName: string | null } | null;
};

export const ROLE_MARKETING_DIRECTOR = "USRROLE_MD";
/** The compliance officer (decision 0119): reads the audit log, nothing else of anyone's. */
export const ROLE_COMPLIANCE_OFFICER = "USRROLE_COMPLIANCE";

/**
 * The email through which invitations and paper applications addressed to
 * it meet this user: only a verified one (anyone can sign up with someone
 * else's address; docs/decisions/0013-idp-account-rules.md). Null: match by
 * user id only.
 */
export function matchingEmail(u: Pick<CurrentUser, "userName" | "emailVerified">): string | null {
  return u.emailVerified ? u.userName.toLowerCase() : null;
}

/** The `prospectEmailAddress` condition of an OR for invitations/applications addressed to the user ([] when unverified). */
export function byVerifiedEmail(u: Pick<CurrentUser, "userName" | "emailVerified">): Array<{ prospectEmailAddress: string }> {
  const email = matchingEmail(u);
  return email ? [{ prospectEmailAddress: email }] : [];
}

export function displayName(u: Pick<CurrentUser, "firstName" | "lastName" | "userName">) {
  const name = [u.firstName, u.lastName].filter(Boolean).join(" ");
  return name || u.userName;
}
