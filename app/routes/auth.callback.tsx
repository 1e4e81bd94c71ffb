import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { completeSignIn } from "~/features/users/sign-in.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Sign-in Failed"} : Appointment Portal` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const result = await completeSignIn(request);
  if (result instanceof Response) return result;
  return data(result, { status: 401 });
}

export default function Callback() {
  const failure = useLoaderData<typeof loader>();
  return (
    <main className="auth-message" role="alert">
      <h1>{failure.title}</h1>
      <p>{failure.message}</p>
      {failure.unconfirmed?.resendHref ? (
        <p>
          No email from us? <a href={failure.unconfirmed.resendHref}>Send me a new confirmation link</a>
        </p>
      ) : null}
      <p>
        <Link to={failure.unconfirmed ? "/auth/login?refresh=1" : "/auth/login"} reloadDocument className="button">
          {failure.unconfirmed ? "I have confirmed it: sign in again" : "Try again"}
        </Link>{" "}
        <Link to="/">Back to the welcome page</Link>
      </p>
    </main>
  );
}
