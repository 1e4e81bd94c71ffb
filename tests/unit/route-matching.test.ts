// patches/@remix-run+router+<version>.patch makes the server's route matching
// compute a routes array's ranked branches and each pattern's regular
// expression once, and remember which branch a pathname matched
// (docs/performance.md, 'Third pass', 'Fourth pass'). Matching must answer
// exactly what it answered before: a fresh copy of the routes (never seen, so
// flattened and ranked from scratch as the unpatched code always did) is the
// reference for the same routes matched again and again.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type * as Router from "@remix-run/router";
import type { AgnosticRouteObject } from "@remix-run/router";

// The CommonJS build, as the server (Remix's server runtime, react-router) loads it.
const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof Router;

function routes(): AgnosticRouteObject[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "index", index: true },
        { id: "home", path: "home" },
        { id: "agents", path: "agents" },
        { id: "agent", path: "agents/:agentId" },
        { id: "review", path: "admin/review" },
        { id: "review-one", path: "admin/review/:id" },
        { id: "mail", path: "dev/mail/*" },
        { id: "lang", path: ":lang?/faq" },
        { id: "Case", path: "Case", caseSensitive: true },
        {
          id: "appoint",
          path: "appoint",
          children: [
            { id: "appoint-index", index: true },
            { id: "appoint-upload", path: "upload" },
          ],
        },
        { id: "catch-all", path: "*" },
      ],
    },
  ];
}

const paths = [
  "/",
  "/home",
  "/home/",
  "/agents",
  "/agents/42",
  "/agents/42/more",
  "/admin/review",
  "/admin/review/7",
  "/dev/mail/a/b/c",
  "/faq",
  "/fr/faq",
  "/Case",
  "/case",
  "/appoint",
  "/appoint/upload",
  "/nowhere/at/all",
  "/agents/a%20b",
];

const summary = (matches: ReturnType<typeof router.matchRoutes>) =>
  matches?.map((m) => ({ id: m.route.id, params: { ...m.params }, pathname: m.pathname, base: m.pathnameBase }));

describe("route matching (patched @remix-run/router)", () => {
  it("is the patched build that the server loads", () => {
    const router = readFileSync(require.resolve("@remix-run/router"), "utf8");
    expect(router).toContain("rankedBranches");
    expect(router).toContain("branchIndexes");
    // The render's routes made once per build (patches/README.md), so that the matching above keeps them.
    expect(readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8")).toContain("serverRoutesCache");
    expect(readFileSync(require.resolve("react-router-dom/server.js"), "utf8")).toContain("dataRoutesCache");
    expect(readFileSync(require.resolve("@remix-run/server-runtime/dist/entry.js"), "utf8")).toContain("entryRouteModules");
  });

  it("answers the same for routes matched again and again as for routes never seen", () => {
    const shared = routes();
    for (let round = 0; round < 3; round++) {
      for (const path of paths) {
        expect(summary(router.matchRoutes(shared, path)), `${path}, round ${round}`).toEqual(
          summary(router.matchRoutes(routes(), path)),
        );
      }
    }
    expect(summary(router.matchRoutes(shared, "/agents/42"))).toEqual([
      { id: "root", params: { agentId: "42" }, pathname: "/", base: "/" },
      { id: "agent", params: { agentId: "42" }, pathname: "/agents/42", base: "/agents/42" },
    ]);
    expect(summary(router.matchRoutes(shared, "/case"))?.at(-1)?.id).toBe("catch-all");
    expect(summary(router.matchRoutes(shared, "/fr/faq"))?.at(-1)?.params).toEqual({ lang: "fr" });
  });

  it("answers the same after many other pathnames, and for long pathnames", () => {
    const shared = routes();
    const before = paths.map((path) => summary(router.matchRoutes(shared, path)));
    // More pathnames than the patch remembers (1,000): what it remembered is dropped, answers stay.
    for (let i = 0; i < 2_500; i++) {
      expect(router.matchRoutes(shared, `/agents/${i}`)?.at(-1)?.params).toEqual({ agentId: String(i) });
    }
    expect(paths.map((path) => summary(router.matchRoutes(shared, path)))).toEqual(before);
    const long = `/dev/mail/${"x".repeat(300)}`;
    for (let i = 0; i < 2; i++) {
      expect(summary(router.matchRoutes(shared, long))).toEqual(summary(router.matchRoutes(routes(), long)));
    }
  });

  it("keeps each routes array's own answer", () => {
    const one = routes();
    const other: AgnosticRouteObject[] = [{ id: "only", path: "home" }];
    expect(router.matchRoutes(one, "/home")?.at(-1)?.route.id).toBe("home");
    expect(router.matchRoutes(other, "/home")?.at(-1)?.route.id).toBe("only");
    expect(router.matchRoutes(other, "/agents")).toBeNull();
  });

  it("matches patterns alike however often they are compiled", () => {
    for (let i = 0; i < 3; i++) {
      expect(router.matchPath("/agents/:agentId", "/agents/9")?.params).toEqual({ agentId: "9" });
      expect(router.matchPath({ path: "/agents", end: false }, "/agents/9")?.pathnameBase).toBe("/agents");
      expect(router.matchPath({ path: "/agents", end: true }, "/agents/9")).toBeNull();
      expect(router.matchPath({ path: "/Case", caseSensitive: true }, "/case")).toBeNull();
      expect(router.matchPath({ path: "/Case", caseSensitive: false }, "/case")).not.toBeNull();
    }
  });
});
