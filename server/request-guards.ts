// Two guards of the portal's HTTP server (server/http-server.ts runs them before Remix):
//  - the request target and Host (app/lib/request-target.server.ts, shared with the provider): an
//    absolute-form target or two Host headers answered 500 'Invalid URL' or believed the first Host;
//  - the paths and methods of the API (app/features/api/paths.server.ts): a path the API does not have is
//    a 404 problem, a method a path does not answer a 405 problem with Allow, before the token is read.
import { apiMethodsAt } from "~/features/api/paths.server";
import type { HostPattern } from "~/lib/allowed-hosts.server";
import { isApiPath } from "~/lib/api-path";
import { requestTargetRefusal } from "~/lib/request-target.server";
import { refuse, type NodeMiddleware } from "./http-server";

export function requestTargetGuard(allowed: HostPattern[]): NodeMiddleware {
  return (req, res, next) => {
    const refusal = requestTargetRefusal(req, allowed);
    if (!refusal) return next();
    refuse(req, res, 400, refusal.title, refusal.message, { close: true });
  };
}

export const API_NOT_FOUND = {
  title: "Not Found",
  message: "The API has no such path: its paths are in the document at /api/v1/openapi.json.",
} as const;

export const apiPathGuard: NodeMiddleware = (req, res, next) => {
  const pathname = (req.url ?? "/").split("?")[0]!;
  if (!isApiPath(pathname)) return next();
  const allow = apiMethodsAt(pathname);
  if (!allow) return refuse(req, res, 404, API_NOT_FOUND.title, API_NOT_FOUND.message, { close: true });
  const method = (req.method ?? "GET").toUpperCase();
  if (allow.includes(method)) return next();
  res.setHeader("Allow", allow.join(", "));
  refuse(req, res, 405, "Method Not Allowed", `This path answers ${allow.join(", ")}, not ${method.slice(0, 20)}.`, { close: true });
};
