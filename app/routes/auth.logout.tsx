import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOut } from "~/features/users/sign-in.server";

// Signing out changes state, so it is a POST; a GET just goes home.
export const loader = () => redirect("/");
export const action = ({ request }: ActionFunctionArgs) => signOut(request);
