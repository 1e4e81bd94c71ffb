// Prisma statements marked PREPARED (db.server.ts) run as named prepared
// statements on their connection, also inside a transaction, and the
// transaction still commits and rolls back as one; unmarked statements are
// not prepared.
import { describe, expect, it } from "vitest";
import { PREPARED, prisma, statementName } from "~/lib/db.server";
import { useTestDatabase } from "../support/db";

useTestDatabase();

const prepared = async (tx: Pick<typeof prisma, "$queryRaw">) =>
  (await tx.$queryRaw<Array<{ name: string }>>`SELECT name FROM pg_prepared_statements`).map((r) => r.name);

describe("PREPARED statements through Prisma", () => {
  it("run named (a hash of their text) in a transaction that commits or rolls back as one", async () => {
    await prisma.$executeRawUnsafe(`CREATE TABLE prepared_probe (id int PRIMARY KEY, note text)`);
    const insert = `${PREPARED} INSERT INTO prepared_probe (id, note) VALUES ($1::int, $2::text)`;
    const plain = `INSERT INTO prepared_probe (id, note) VALUES ($1::int, $2::text) /* plain */`;
    const names = await prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(insert, 1, "one");
      await tx.$executeRawUnsafe(insert, 2, "two"); // the second run uses the prepared statement
      await tx.$executeRawUnsafe(plain, 3, "three");
      const marked = await tx.$queryRaw<Array<{ n: number }>>`/* prepared */ SELECT count(*)::int AS n FROM prepared_probe`;
      expect(marked[0]!.n).toBe(3);
      return prepared(tx);
    });
    expect(names).toContain(statementName(insert));
    expect(names).toContain(statementName("/* prepared */ SELECT count(*)::int AS n FROM prepared_probe"));
    expect(names).not.toContain(statementName(plain));
    expect(names.every((n) => n.startsWith("portal_"))).toBe(true);

    await expect(
      prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(insert, 4, "four");
        await tx.$executeRawUnsafe(insert, 1, "duplicate"); // fails: the transaction rolls back
      }),
    ).rejects.toThrow();
    const rows = await prisma.$queryRawUnsafe<Array<{ id: number }>>(`SELECT id FROM prepared_probe ORDER BY id`);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });
});
