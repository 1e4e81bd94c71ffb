// API tokens (issue 24 item 1, decision 0074): `apt_` and 43 characters of base64url (32 random
// bytes). Only the SHA-256 of the whole token is stored: a stolen database yields no usable token.
// The token is looked up by its hash (a unique index), so no secret is ever compared byte by byte.
import { createHash, randomBytes } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";
import { isApiScope, type ApiScope } from "./scopes";

export const TOKEN_PREFIX = "apt_";
const TOKEN_SHAPE = /^apt_[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A new token: the secret (shown once), its hash and the prefix shown in lists. */
export function newToken(): { token: string; tokenHash: string; prefix: string } {
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token), prefix: token.slice(0, 12) };
}

export type ApiTokenRecord = { id: string; name: string; scopes: ApiScope[]; prefix: string };

type Db = Prisma.TransactionClient | typeof prisma;

/** Creates a token; the returned `token` is the only time its secret exists outside the caller. */
export async function createApiToken(
  db: Db,
  input: { name: string; scopes: readonly ApiScope[]; createdById?: string | null },
): Promise<ApiTokenRecord & { token: string }> {
  const t = newToken();
  const row = await db.apiToken.create({
    data: { name: input.name, scopes: [...new Set(input.scopes)], prefix: t.prefix, tokenHash: t.tokenHash, createdById: input.createdById ?? null },
    select: { id: true, name: true, scopes: true, prefix: true },
  });
  return { ...row, scopes: row.scopes.filter(isApiScope), token: t.token };
}

/** The bearer token of a request, or null when the header is absent or not a token of ours. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization") ?? "";
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m || !TOKEN_SHAPE.test(m[1]!)) return null;
  return m[1]!;
}

/** The live (not revoked) token a request carries, or null. */
export async function authenticateToken(request: Request): Promise<ApiTokenRecord | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const row = await prisma.apiToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, name: true, scopes: true, prefix: true, revokedAt: true },
  });
  if (!row || row.revokedAt) return null;
  return { id: row.id, name: row.name, prefix: row.prefix, scopes: row.scopes.filter(isApiScope) };
}
