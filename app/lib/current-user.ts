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
  /** Set while an internal administrator acts as this user. */
  impersonator: { id: string; userName: string; firstName: string | null; lastName: string | null } | null;
};

export const ROLE_MARKETING_DIRECTOR = "USRROLE_MD";

export function displayName(u: Pick<CurrentUser, "firstName" | "lastName" | "userName">) {
  const name = [u.firstName, u.lastName].filter(Boolean).join(" ");
  return name || u.userName;
}
