// oidc-provider's storage in Postgres: one table (IdpPayload) for every kind
// of artefact (Session, Interaction, AuthorizationCode, AccessToken,
// RefreshToken, Grant, ...), keyed by (type, id). Expired rows are ignored on
// read and removed by `purgeExpiredIdpPayloads` (run periodically by the
// provider).
import type { Adapter, AdapterPayload } from "oidc-provider";
import { type Prisma } from "~/generated/prisma/client";
import { prisma } from "~/lib/db.server";

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

export class PrismaAdapter implements Adapter {
  constructor(private readonly type: string) {}

  private key(id: string) {
    return { type_id: { type: this.type, id } };
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const data = {
      payload: payload as unknown as Prisma.InputJsonValue,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
    };
    await prisma.idpPayload.upsert({
      where: this.key(id),
      create: { type: this.type, id, ...data },
      update: { ...data, consumedAt: null },
    });
  }

  private async load(where: Prisma.IdpPayloadWhereInput): Promise<AdapterPayload | undefined> {
    const row = await prisma.idpPayload.findFirst({ where: { type: this.type, ...where } });
    if (!row) return undefined;
    if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
    const payload = row.payload as unknown as AdapterPayload;
    return row.consumedAt ? { ...payload, consumed: epoch(row.consumedAt) } : payload;
  }

  find(id: string) {
    return this.load({ id });
  }

  findByUid(uid: string) {
    return this.load({ uid });
  }

  findByUserCode(userCode: string) {
    return this.load({ userCode });
  }

  async consume(id: string): Promise<void> {
    await prisma.idpPayload.updateMany({ where: { type: this.type, id }, data: { consumedAt: new Date() } });
  }

  async destroy(id: string): Promise<void> {
    await prisma.idpPayload.deleteMany({ where: { type: this.type, id } });
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await prisma.idpPayload.deleteMany({ where: { type: this.type, grantId } });
  }
}

/** Deletes artefacts that expired more than a minute ago. Returns how many. */
export async function purgeExpiredIdpPayloads(): Promise<number> {
  const { count } = await prisma.idpPayload.deleteMany({
    where: { expiresAt: { lt: new Date(Date.now() - 60_000) } },
  });
  return count;
}

/**
 * Ends everything the provider holds for an account (decision 0035): its sessions (in every
 * browser), grants, authorization codes, access and refresh tokens, and sign-ins still in progress.
 * The next authorization asks for the password again. Pass the transaction of the change that calls
 * for it (a password reset, a confirmed address). Returns how many artefacts ended.
 */
export async function endProviderSessionsOf(db: Pick<typeof prisma, "idpPayload">, accountId: string): Promise<number> {
  const { count } = await db.idpPayload.deleteMany({
    where: {
      OR: [
        { payload: { path: ["accountId"], equals: accountId } },
        { type: "Interaction", payload: { path: ["result", "login", "accountId"], equals: accountId } },
        { type: "Interaction", payload: { path: ["session", "accountId"], equals: accountId } },
      ],
    },
  });
  return count;
}
