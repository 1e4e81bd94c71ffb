// ADMIN > API Tokens (issue 24 item 1, decision 0075): the list, creating a token (its secret returned
// once, to the page the POST renders: never stored, logged or put in a URL) and revoking one. Both are
// audited with the token's id and name, never its secret.
import { Prisma } from "~/generated/prisma/client";
import { audit } from "~/lib/audit.server";
import type { CurrentUser } from "~/lib/current-user";
import { prisma } from "~/lib/db.server";
import { isApiScope } from "./scopes";
import { TOKEN_MESSAGES as M, type CreateTokenForm } from "./token-schema";
import { createApiToken } from "./tokens.server";

export type TokenListRow = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdBy: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

/** Every token, live ones first, newest first (revoked ones stay listed with their date). */
export async function listApiTokens(): Promise<TokenListRow[]> {
  const rows = await prisma.apiToken.findMany({
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
    take: 500,
    select: { id: true, name: true, prefix: true, scopes: true, createdById: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
  const ids = [...new Set(rows.map((r) => r.createdById).filter((x): x is string => Boolean(x)))];
  const users = ids.length ? await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, userName: true } }) : [];
  const email = new Map(users.map((u) => [u.id, u.userName]));
  return rows.map(({ createdById, ...r }) => ({ ...r, scopes: r.scopes.filter(isApiScope), createdBy: createdById ? (email.get(createdById) ?? null) : null }));
}

export type CreateOutcome =
  | { ok: true; id: string; name: string; prefix: string; token: string }
  | { ok: false; field: "name" | "formToken"; message: string };

/**
 * Creates a token from the screen's form. The form token makes a second POST of the same form (a double
 * click, a reload) create nothing: it is stored with the token (unique) and checked under a lock.
 */
export async function createTokenFromForm(user: CurrentUser, form: CreateTokenForm, request?: Request): Promise<CreateOutcome> {
  try {
    const created = await prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`api-token:create:${form.formToken}`}))`;
      if (await tx.apiToken.findUnique({ where: { formToken: form.formToken }, select: { id: true } })) return "stale" as const;
      if (await tx.apiToken.findFirst({ where: { name: { equals: form.name, mode: "insensitive" }, revokedAt: null }, select: { id: true } })) return "taken" as const;
      const t = await createApiToken(tx, { name: form.name, scopes: form.scopes, createdById: user.id });
      await tx.apiToken.update({ where: { id: t.id }, data: { formToken: form.formToken } });
      return t;
    });
    if (created === "stale") return { ok: false, field: "formToken", message: M.stale };
    if (created === "taken") return { ok: false, field: "name", message: M.nameTaken };
    await audit("API_TOKEN_CREATED", { request, actorUserId: user.id, targetType: "api_token", targetId: created.id, details: { name: created.name, prefix: created.prefix, scopes: created.scopes } });
    return { ok: true, id: created.id, name: created.name, prefix: created.prefix, token: created.token };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return { ok: false, field: "formToken", message: M.stale };
    throw error;
  }
}

/** Revokes a live token: every call with it answers 401 from the next request on. */
export async function revokeApiToken(user: CurrentUser, tokenId: string, request?: Request): Promise<{ ok: true; name: string } | { ok: false }> {
  const token = await prisma.apiToken.findUnique({ where: { id: tokenId }, select: { id: true, name: true, prefix: true } });
  if (!token) return { ok: false };
  const { count } = await prisma.apiToken.updateMany({ where: { id: tokenId, revokedAt: null }, data: { revokedAt: new Date(), revokedById: user.id } });
  if (count === 0) return { ok: false };
  await audit("API_TOKEN_REVOKED", { request, actorUserId: user.id, targetType: "api_token", targetId: token.id, details: { name: token.name, prefix: token.prefix } });
  return { ok: true, name: token.name };
}

/** A live token's name (the revoke confirmation), or null. */
export async function liveTokenName(tokenId: string): Promise<string | null> {
  const t = await prisma.apiToken.findFirst({ where: { id: tokenId, revokedAt: null }, select: { name: true } });
  return t?.name ?? null;
}
