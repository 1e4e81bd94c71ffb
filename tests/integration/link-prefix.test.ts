// Appointment links carry the prefix APL (EXT is part 3's existing-agent
// invitation); migration 20261123130000 re-issues old codes as 100-bit codes
// and keeps the old code so that /EXT<old> answers the new link
// (docs/decisions/0020-appointment-links-and-cart.md).
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loader as linkLoader } from "~/routes/$lnk";
import { currentLinkFor, validateLink } from "~/features/links/links.server";
import { linkOnDashboard } from "~/features/dashboard/home.server";
import { migrate } from "../../server/migrate";
import { prisma } from "~/lib/db.server";
import { createEmptyDatabase, dropTestDatabase, type TestDatabase } from "../support/postgres";
import { useTestDatabase } from "../support/db";
import { createAppointmentLink } from "../support/factories";
import { asUser, makeWorld, newProspect, req, type World } from "./appointment-fixtures";

const MIGRATION = "20261123130000_appointment_link_prefix";
const NEW_CODE = /^[A-HJ-NP-Z2-9]{20}$/;
const pgServer = { url: inject("pgUrl"), template: inject("pgTemplate") };
const migrationsDir = path.resolve("prisma/migrations");

describe("migration 20261123130000_appointment_link_prefix", () => {
  const dbs: TestDatabase[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const db of dbs) await dropTestDatabase(db, pgServer);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("re-issues old codes as unique 100-bit codes, keeps the old code and moves EXT to APL", async () => {
    const db = await createEmptyDatabase(undefined, pgServer);
    dbs.push(db);
    // The database as it was before: every migration older than this one.
    const before = mkdtempSync(path.join(os.tmpdir(), "portal-mig-"));
    dirs.push(before);
    for (const name of readdirSync(migrationsDir)) {
      if (name < MIGRATION && !name.endsWith(".toml")) cpSync(path.join(migrationsDir, name), path.join(before, name), { recursive: true });
    }
    await migrate(db.url, { migrationsDir: before, log: () => {} });
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      await c.query(`
        INSERT INTO carriers (carrier_id, carrier_code, name) VALUES (1, 'MIAC', 'MIAC');
        INSERT INTO product_types (product_type_id, product_type_code, name, max_level) VALUES (1, 'HEALTH', 'Health', 9);
        INSERT INTO blocks (block_number, carrier_id, product_type_id, is_health) VALUES (72, 1, 1, true);
        INSERT INTO companies (company_number, name) VALUES ('MI01', 'MIAC');
        INSERT INTO agents (id, agent_number, company_number, block_number, mga_code, hierarchy_level, updated_at)
          VALUES (1, '100001', 'MI01', 72, 'MGA', 1, now());
        INSERT INTO commission_schedules (schedule_id, schedule_name, carrier_id, mga_code, product_type_id, updated_at)
          VALUES (1, 'S', 1, 'MGA', 1, now());
        INSERT INTO schedule_levels (schedule_level_id, schedule_id, level_no, level_name)
          SELECT n, 1, n, 'L' || n FROM generate_series(1, 9) n;
        INSERT INTO appointment_links (link_prefix, code, recruiter_agent_id, schedule_level_id, updated_at) VALUES
          ('EXT', 'old0000001', 1, 2, now()),
          ('EXT', 'OLD0000002', 1, 3, now()),
          ('EXT', 'ABCDEFGHJKLMNPQRSTUV', 1, 4, now()),
          ('MD', 'mdold00001', 1, 1, now()),
          ('USR', 'usrold0001', 1, 5, now());
      `);
      await migrate(db.url, { migrationsDir, log: () => {} });
      const { rows } = await c.query<{ link_prefix: string; code: string; previous_code: string | null }>(
        "SELECT link_prefix, code, previous_code FROM appointment_links ORDER BY schedule_level_id",
      );
      expect(rows.map((r) => [r.link_prefix, r.previous_code])).toEqual([
        ["MD", "mdold00001"],
        ["APL", "old0000001"],
        ["APL", "OLD0000002"],
        ["APL", null],
        ["USR", "usrold0001"],
      ]);
      for (const r of rows) expect(r.code).toMatch(NEW_CODE);
      expect(rows[3]!.code).toBe("ABCDEFGHJKLMNPQRSTUV");
      expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
      const def = await c.query<{ d: string }>(
        "SELECT column_default AS d FROM information_schema.columns WHERE table_name = 'appointment_links' AND column_name = 'link_prefix'",
      );
      expect(def.rows[0]!.d).toContain("APL");
    } finally {
      await c.end();
    }
  });
});

describe("old links after the re-issue", () => {
  useTestDatabase();
  let world: World;
  let oldCode: string;
  let newLink: string;
  beforeAll(async () => {
    world = await makeWorld();
    const l = await createAppointmentLink(prisma, { recruiterAgentId: world.md.id, scheduleLevelId: world.level5.scheduleLevelId });
    oldCode = `x${l.code.slice(0, 9)}`;
    await prisma.appointmentLink.update({ where: { appointmentLinkId: l.appointmentLinkId }, data: { previousCode: oldCode } });
    newLink = `APL${l.code}`;
  });

  it("new appointment links start with APL and are checked; EXT is not an appointment link", async () => {
    expect(world.link.linkPrefix).toBe("APL");
    expect(await validateLink(newLink)).toEqual({ isValid: true });
    expect(await validateLink(`EXT${newLink.slice(3)}`)).toEqual({ isValid: false, failureReasonCode: "APPT_LINK_INVALID" });
  });

  it("/EXT<old> and /APL<old> answer a permanent redirect to the new link, anonymous or signed in", async () => {
    expect(await currentLinkFor(`EXT${oldCode}`)).toBe(newLink);
    expect(await currentLinkFor(`apl${oldCode.toUpperCase()}`)).toBe(newLink);
    expect(await currentLinkFor(`EXT${newLink.slice(3)}`)).toBe(newLink);
    expect(await currentLinkFor("EXTNOSUCHCODE")).toBeNull();
    expect(await currentLinkFor(`MD${oldCode}`)).toBeNull();

    const thrown = await Promise.resolve(linkLoader({ request: req(`/EXT${oldCode}`), params: { lnk: `EXT${oldCode}` }, context: {} })).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(301);
    expect((thrown as Response).headers.get("Location")).toBe(`/${newLink}`);

    // Signed in: the dashboard applies the new link (a NEW entry to the wizard with APL…).
    const prospect = asUser(await newProspect());
    const outcome = await linkOnDashboard(prospect, `EXT${oldCode}`, req("/home"));
    expect(outcome.kind).toBe("entry");
    if (outcome.kind === "entry") expect(outcome.entry.link).toBe(newLink);
  });

  it("an EXT link that is no old appointment link stays unusable (part 3 reserves EXT)", async () => {
    const prospect = asUser(await newProspect());
    expect(await linkOnDashboard(prospect, "EXTNOSUCHCODE", req("/home"))).toEqual({ kind: "none" });
  });
});
