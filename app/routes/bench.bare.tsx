// `npm run bench:http` only (BENCH_ROUTES=1; 404 otherwise): the floor of a
// page. It goes through the same server, the same Remix handler, the root
// loader and the root layout as every page, with a trivial loader and no
// session (scripts/bench/http.mjs compares every page with it).
import { useLoaderData } from "@remix-run/react";
import { AnonymousLayout } from "~/components/AnonymousLayout";
import { env } from "~/lib/env.server";
import { titleMeta } from "~/lib/meta";

export const meta = titleMeta("Bench");

export function loader() {
  if (!env().BENCH_ROUTES) throw new Response(null, { status: 404 });
  return { ok: true };
}

export default function BenchBareRoute() {
  const d = useLoaderData<typeof loader>();
  return (
    <AnonymousLayout>
      <p>{d.ok ? "ok" : ""}</p>
    </AnonymousLayout>
  );
}
