import type { LoaderFunctionArgs } from "@remix-run/node";
import { profileRedirect } from "~/features/users/sign-in.server";
import { requireUser } from "~/lib/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return profileRedirect();
}
