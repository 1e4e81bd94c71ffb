// Who may use the hierarchy import's pages (decision 0032): internal
// administrators, not while impersonating. Kept apart from the run functions
// so the job (jobs/tasks/import-agents.ts) does not load the sign-in code.
import { requireUser } from "~/lib/auth.server";
import type { CurrentUser } from "~/lib/current-user";

/** Internal administrators only (not while impersonating); anyone else gets 404, as if the page did not exist. */
export async function requireImportAdmin(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.isInternal || user.impersonator) throw new Response("Not Found", { status: 404 });
  return user;
}
