import type { LoaderFunctionArgs } from "@remix-run/node";
import { startSignIn } from "~/features/users/sign-in.server";

export const loader = ({ request }: LoaderFunctionArgs) => startSignIn(request);
