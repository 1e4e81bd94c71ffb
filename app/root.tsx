import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { AnonymousLayout } from "~/components/AnonymousLayout";
import { NOT_FOUND_TITLE, PageNotFound } from "~/components/PageNotFound";
import { useRootData, type RootData } from "~/components/root-data";
import { getUserAndShell } from "~/lib/shell.server";
import { env } from "~/lib/env.server";
import { viewerTimeZone } from "~/lib/time-zone.server";
import { rememberBrowserTimeZone } from "~/lib/time-zone";
import { pageTitle } from "~/lib/meta";
import { useNonce } from "~/lib/nonce";
import baseStyles from "~/styles/base.css";
import layoutStyles from "~/styles/layout.css";
import componentStyles from "~/styles/components.css";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: baseStyles },
  { rel: "stylesheet", href: layoutStyles },
  { rel: "stylesheet", href: componentStyles },
];

export async function loader({ request }: LoaderFunctionArgs): Promise<RootData> {
  const settings = env();
  // The user and the shell in one statement (lib/shell.server.ts).
  const { user, shell } = await getUserAndShell(request);
  return {
    defaultTitle: settings.DEFAULT_TITLE,
    supportUrl: settings.SUPPORT_URL,
    year: new Date().getFullYear(),
    user,
    shell,
    timeZone: viewerTimeZone(request),
  };
}

export const meta: MetaFunction = ({ matches, error }) => {
  if (error) {
    const is404 = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: pageTitle(is404 ? NOT_FOUND_TITLE : "Something went wrong", matches) }];
  }
  return [{ title: pageTitle(null, matches) }];
};

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b2545" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { timeZone } = useRootData();
  useEffect(() => rememberBrowserTimeZone(timeZone), [timeZone]);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <PageNotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refused request (a form the portal cannot take, one too large): what
  // was wrong, and that nothing was saved (app/lib/form.server.ts).
  const refused = status === 400 || status === 413 || status === 415;
  const reason = isRouteErrorResponse(error) && typeof error.data === "string" && error.data.length <= 200 ? error.data : null;
  return (
    <AnonymousLayout>
      <section className="card card--centered" aria-labelledby="error-title">
        <h1 id="error-title">{refused ? (status === 413 ? "Request Too Large" : "The form could not be accepted") : "Something went wrong"}</h1>
        {status === 403 ? (
          <p>You do not have access to this page.</p>
        ) : refused ? (
          <>
            {reason ? <p>{reason}</p> : null}
            <p>Nothing was saved. Go back, reload the page and try again.</p>
          </>
        ) : (
          <p>
            Something on our end went wrong while showing this page. Please try again in a moment, or contact us if
            the problem persists.
          </p>
        )}
        <p>
          <a href="/" className="btn btn--primary">
            Go to the home page
          </a>
        </p>
      </section>
    </AnonymousLayout>
  );
}
