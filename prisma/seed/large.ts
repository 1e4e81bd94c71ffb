// seedLargeData: a realistic hierarchy at scale (`npm run seed:large`, and the
// benchmarks): 100,000 agents by default in five hierarchies of one marketing
// director, life blocks 12 levels deep and health blocks 9 (product max levels
// 17 and 9), deterministic names from ./random, the closure table built in one
// recursive INSERT ... SELECT, a share of deactivated agents (terminated over
// the last 24 months, most within 12), users for 1% of the agents,
// applications in progress, submitted, approved and abandoned.
//
// Plain SQL over one node-postgres client (no Prisma): 100,000 rows go in as
// batches of unnest() arrays. Runs once per database: the marker
// SystemSetting 'seed.large.version' makes a second run a no-op.
import type pg from "pg";
import { dropSecondaryIndexesAndForeignKeys } from "../../app/lib/bulk-load.server";
import { FIRST_NAMES, LAST_NAMES, MIDDLE_INITIALS, PLACES, companyName, createRandom, type Random } from "./random";

export const LARGE_SEED_MARKER = "seed.large.version";
export const LARGE_SEED_VERSION = 1;
/** Serialises two seeders on one database (pg_advisory_xact_lock). */
const LARGE_SEED_LOCK_KEY = 18501851;

/** The director at the top of the large hierarchies (signs in with the demo password). */
export const LARGE_DIRECTOR_EMAIL = "large.md@portal.localhost";
/** An agent in the middle of the big life hierarchy (level 4): sees only their downline. */
export const LARGE_AGENT_EMAIL = "large.agent@portal.localhost";
export const LARGE_MGA = "LG2026";
export const LARGE_DIRECTOR_NUMBER = "600000";

type TreeSpec = { carrierCode: "MIAC" | "SLAC"; companyNumber: string; blockNumber: number; productTypeCode: "LIFE" | "HEALTH"; share: number; levels: number };

/** Five hierarchies: 60% life (12 levels), 40% health (9 levels: health stops at 9). */
export const LARGE_TREES: TreeSpec[] = [
  { carrierCode: "SLAC", companyNumber: "SL01", blockNumber: 501, productTypeCode: "LIFE", share: 0.5, levels: 12 },
  { carrierCode: "SLAC", companyNumber: "SL01", blockNumber: 502, productTypeCode: "LIFE", share: 0.1, levels: 12 },
  { carrierCode: "MIAC", companyNumber: "MI01", blockNumber: 87, productTypeCode: "HEALTH", share: 0.2, levels: 9 },
  { carrierCode: "SLAC", companyNumber: "SL01", blockNumber: 216, productTypeCode: "HEALTH", share: 0.15, levels: 9 },
  { carrierCode: "MIAC", companyNumber: "MI01", blockNumber: 140, productTypeCode: "HEALTH", share: 0.05, levels: 9 },
];

const CARRIERS = {
  MIAC: { name: "Mutual Insurance Assurance Company", companyName: "Heritage Mutual - MIAC" },
  SLAC: { name: "Standard Life Assurance Company", companyName: "Heritage Mutual - SLAC" },
} as const;

export type LargeSeedOptions = {
  agents?: number;
  now?: Date;
  /** scrypt hash for the two sign-in accounts; null: no identity-provider accounts. */
  passwordHash?: string | null;
  appointments?: number;
  log?: (msg: string) => void;
};

export type LargeSeedResult = {
  created: boolean;
  agents: number;
  closureRows: number;
  deactivated: number;
  users: number;
  appointments: number;
  directorAgentIds: number[];
  ms: number;
};

type Row = {
  id: number;
  agentNumber: string;
  companyNumber: string;
  blockNumber: number;
  level: number;
  agentType: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  companyName: string | null;
  email: string;
  phone: string;
  npn: string;
  address1: string;
  city: string;
  stateCode: string;
  zip: string;
  directUpline: string;
  parentId: number | null;
  personId: string | null;
  isActive: boolean;
  terminationDate: string | null;
  userId: string | null;
};

/** Level sizes: 1 director, up to 60 at level 2, then a geometric growth to fill `n`. */
export function levelSizes(n: number, levels: number): number[] {
  if (n <= 1) return [1];
  const second = Math.min(60, n - 1);
  const rest = n - 1 - second;
  if (levels <= 2 || rest <= 0) return [1, n - 1];
  const k = levels - 2;
  // second * (q + q^2 + ... + q^k) = rest
  const total = (q: number) => {
    let s = 0;
    let p = 1;
    for (let i = 0; i < k; i++) {
      p *= q;
      s += p;
    }
    return second * s;
  };
  let lo = 0.01;
  let hi = 10;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (total(mid) < rest) lo = mid;
    else hi = mid;
  }
  const sizes = [1, second];
  let p = 1;
  let used = 0;
  for (let i = 0; i < k; i++) {
    p *= lo;
    const size = i === k - 1 ? rest - used : Math.max(1, Math.round(second * p));
    sizes.push(size);
    used += size;
  }
  return sizes.filter((s) => s > 0);
}

function uuid(r: Random): string {
  const hex = Array.from({ length: 32 }, () => r.int(0, 15).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * Seeds the large hierarchy once. The caller owns the client (and has run
 * the migrations). Everything happens in one transaction.
 */
export async function seedLargeData(client: pg.ClientBase, opts: LargeSeedOptions = {}): Promise<LargeSeedResult> {
  const started = Date.now();
  const N = opts.agents ?? 100_000;
  const now = opts.now ?? new Date();
  const log = opts.log ?? (() => {});
  const r = createRandom(2026);
  const none: LargeSeedResult = { created: false, agents: 0, closureRows: 0, deactivated: 0, users: 0, appointments: 0, directorAgentIds: [], ms: 0 };

  await client.query("BEGIN");
  try {
    await client.query("SELECT pg_advisory_xact_lock($1)", [LARGE_SEED_LOCK_KEY]);
    const marker = await client.query("SELECT value FROM system_settings WHERE key = $1", [LARGE_SEED_MARKER]);
    if (marker.rowCount) {
      await client.query("ROLLBACK");
      return { ...none, ms: Date.now() - started };
    }

    // 1. Product types, carriers, companies and blocks (kept when present).
    await client.query(`INSERT INTO product_types (product_type_code, name, max_level) VALUES ('HEALTH','Health',9), ('LIFE','Life',17)
      ON CONFLICT (product_type_code) DO NOTHING`);
    for (const [code, c] of Object.entries(CARRIERS)) {
      await client.query(`INSERT INTO carriers (carrier_code, name) VALUES ($1, $2) ON CONFLICT (carrier_code) DO NOTHING`, [code, c.name]);
      await client.query(
        `INSERT INTO companies (company_number, name, carrier_id) SELECT $1, $2, carrier_id FROM carriers WHERE carrier_code = $3
         ON CONFLICT (company_number) DO NOTHING`,
        [code === "MIAC" ? "MI01" : "SL01", c.companyName, code],
      );
    }
    for (const t of LARGE_TREES) {
      await client.query(
        `INSERT INTO blocks (block_number, carrier_id, product_type_id, is_health, name)
         SELECT $1, c.carrier_id, p.product_type_id, $3, $4 FROM carriers c, product_types p WHERE c.carrier_code = $2 AND p.product_type_code = $5
         ON CONFLICT (block_number) DO NOTHING`,
        [t.blockNumber, t.carrierCode, t.productTypeCode === "HEALTH", `${t.carrierCode} ${t.productTypeCode === "HEALTH" ? "Health" : "Life"} ${t.blockNumber}`, t.productTypeCode],
      );
    }

    // 2. The two sign-in users (director, mid-level agent).
    const signIns = [
      { key: "md", email: LARGE_DIRECTOR_EMAIL, first: "Marcus", middle: "Allen", last: "Holloway", role: "USRROLE_MD", phone: "3035550160" },
      { key: "agent", email: LARGE_AGENT_EMAIL, first: "Renee", middle: "Claire", last: "Dubois", role: "USRROLE_AGENT", phone: "3035550161" },
    ] as const;
    const signInUserIds: Record<string, string> = {};
    for (const s of signIns) {
      let externalId: string | null = null;
      if (opts.passwordHash) {
        const acc = await client.query(
          `INSERT INTO idp_accounts (id, email, password_hash, given_name, middle_name, family_name, phone_number, email_verified, updated_at)
           VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, true, now())
           ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id`,
          [s.email, opts.passwordHash, s.first, s.middle, s.last, s.phone],
        );
        externalId = acc.rows[0].id;
      }
      const u = await client.query(
        `INSERT INTO users (id, user_name, user_role_code, external_id, sso_user_id, first_name, middle_name, last_name, phone_number, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, $3, $4, $5, $6, $7, now())
         ON CONFLICT (user_name) DO UPDATE SET user_name = EXCLUDED.user_name RETURNING id`,
        [s.email, s.role, externalId, s.first, s.middle, s.last, s.phone],
      );
      signInUserIds[s.key] = u.rows[0].id;
    }

    // 3. The agents, in memory first (ids assigned here so parents are known).
    const base = Number((await client.query("SELECT COALESCE(max(id), 0)::int AS m FROM agents")).rows[0].m) + 1;
    const numberBase = 600_000;
    const rows: Row[] = [];
    const directorPerson = uuid(r);
    const directorIds: number[] = [];
    const childCount = new Map<number, number>();
    let remaining = N;
    for (const [ti, t] of LARGE_TREES.entries()) {
      const n = ti === LARGE_TREES.length - 1 ? remaining : Math.round(N * t.share);
      remaining -= n;
      if (n <= 0) continue;
      const sizes = levelSizes(n, t.levels);
      let previous: Row[] = [];
      for (const [li, size] of sizes.entries()) {
        const level = li + 1;
        const current: Row[] = [];
        for (let i = 0; i < size; i++) {
          const id = base + rows.length;
          let parent: Row | null = null;
          if (level > 1) {
            // Skewed choice: a few uplines recruit a lot (pages of '(more)'), many recruit none.
            parent = previous[Math.floor(previous.length * Math.pow(r.next(), 1.8))];
            childCount.set(parent.id, (childCount.get(parent.id) ?? 0) + 1);
          }
          const row = level === 1 ? director(id, t, directorPerson, signInUserIds.md) : agent(r, id, numberBase + rows.length, t, level, parent!);
          rows.push(row);
          current.push(row);
          if (level === 1) directorIds.push(id);
        }
        previous = current;
      }
    }

    // Deactivated: leaves only (a terminated agent's downline would have been moved), about 5%:
    // four in five within the last 12 months, the others 12 to 24 months ago (outside the window).
    let deactivated = 0;
    for (const row of rows) {
      if (row.level === 1 || childCount.has(row.id) || !r.chance(0.05)) continue;
      row.isActive = false;
      const days = r.chance(0.8) ? r.int(1, 360) : r.int(370, 730);
      row.terminationDate = isoDate(new Date(now.getTime() - days * 86_400_000));
      deactivated++;
    }

    // Users for 1% of the active agents; the mid-level sign-in agent at level 4 of the big life tree.
    const userRows: Array<{ id: string; userName: string; first: string | null; last: string | null }> = [];
    const midAgent = rows.find((x) => x.blockNumber === 501 && x.level === 4 && x.isActive && childCount.has(x.id) && x.agentType === "I");
    if (midAgent) midAgent.userId = signInUserIds.agent;
    for (const row of rows) {
      if (row.level === 1 || row.userId || !row.isActive || !r.chance(0.01)) continue;
      const id = uuid(r);
      row.userId = id;
      userRows.push({ id, userName: `agent${row.agentNumber}@example.com`, first: row.firstName, last: row.lastName });
    }
    if (userRows.length) {
      await client.query(
        `INSERT INTO users (id, user_name, user_role_code, first_name, last_name, updated_at)
         SELECT * , now() FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[])`,
        [userRows.map((u) => u.id), userRows.map((u) => u.userName), userRows.map(() => "USRROLE_AGENT"), userRows.map((u) => u.first), userRows.map((u) => u.last)],
      );
    }

    // Bulk load: the secondary indexes and foreign keys of the two big tables are dropped and
    // made again afterwards (one index build and one validating join each, instead of a million
    // row-by-row updates and checks). Their definitions are read from the catalogue, so they come
    // back exactly as the migrations made them; the transaction makes it all or nothing.
    const restore = await dropSecondaryIndexesAndForeignKeys(client, ["agents", "agent_closure"]);
    const t0 = Date.now();
    const BATCH = 10_000;
    for (let i = 0; i < rows.length; i += BATCH) {
      const b = rows.slice(i, i + BATCH);
      const col = <K extends keyof Row>(k: K) => b.map((x) => x[k]);
      await client.query(
        `INSERT INTO agents (id, agent_number, company_number, block_number, mga_code, hierarchy_level, agent_type, first_name, middle_name,
           last_name, company_name, business_name, email, phone_number, npn, address1, city, state_code, zip_code, direct_upline, parent_id,
           person_id, status, is_active, termination_date, user_id, resident_license_state, resident_license_number, updated_at)
         SELECT id, num, co, blk, $24, lvl, typ, fn, mn, ln, cn, cn, em, ph, npn, a1, ci, st, zp, up, par, per,
                CASE WHEN act THEN 'ACTIVE' ELSE 'TERMINATED' END, act, term, usr, st, st || '-' || left(npn, 6), now()
           FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
                       $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[], $17::text[], $18::text[], $19::int[],
                       $20::uuid[], $21::boolean[], $22::date[], $23::uuid[])
             AS t(id, num, co, blk, lvl, typ, fn, mn, ln, cn, em, ph, npn, a1, ci, st, zp, up, par, per, act, term, usr)`,
        [
          col("id"), col("agentNumber"), col("companyNumber"), col("blockNumber"), col("level"), col("agentType"), col("firstName"),
          col("middleName"), col("lastName"), col("companyName"), col("email"), col("phone"), col("npn"), col("address1"), col("city"),
          col("stateCode"), col("zip"), col("directUpline"), col("parentId"), col("personId"), col("isActive"), col("terminationDate"),
          col("userId"), LARGE_MGA,
        ],
      );
    }
    await client.query(`SELECT setval('agents_id_seq', GREATEST((SELECT max(id) FROM agents), 1))`);
    log(`agents: ${rows.length} in ${Date.now() - t0} ms`);

    // 4. The closure table of the new agents (decision 0001): each agent's chain of uplines is
    //    known here, so the rows are computed in memory and inserted in batches.
    const t1 = Date.now();
    const chains = new Map<number, number[]>();
    const anc: number[] = [];
    const desc: number[] = [];
    const depth: number[] = [];
    let closureRows = 0;
    const flush = async () => {
      if (!anc.length) return;
      await client.query(
        `INSERT INTO agent_closure (ancestor_id, descendant_id, depth) SELECT * FROM unnest($1::int[], $2::int[], $3::int[])`,
        [anc, desc, depth],
      );
      closureRows += anc.length;
      anc.length = 0;
      desc.length = 0;
      depth.length = 0;
    };
    for (const row of rows) {
      const chain = row.parentId === null ? [row.id] : [row.id, ...chains.get(row.parentId)!];
      chains.set(row.id, chain);
      for (const [d, a] of chain.entries()) {
        anc.push(a);
        desc.push(row.id);
        depth.push(d);
      }
      if (anc.length >= 100_000) await flush();
    }
    await flush();
    log(`closure: ${closureRows} rows in ${Date.now() - t1} ms`);
    const t3 = Date.now();
    await restore();
    log(`indexes and foreign keys made again in ${Date.now() - t3} ms`);

    // 5. Applications: in progress, submitted (Submitted for Approval), approved and abandoned,
    //    recruited by active agents of every level.
    const t2 = Date.now();
    const active = rows.filter((x) => x.isActive);
    const A = opts.appointments ?? Math.max(10, Math.round(N * 0.03));
    const apps: Array<{ recruiter: number; mga: string; status: string; start: Date; submitted: Date | null; approved: Date | null; abandoned: Date | null; first: string; last: string; email: string }> = [];
    for (let i = 0; i < A; i++) {
      const rec = active[Math.floor(active.length * Math.pow(r.next(), 1.3))];
      const u = r.next();
      const status = u < 0.6 ? "APWF_STATUS_INCOMPLETE" : u < 0.85 ? "APWF_STATUS_NEWCONTRACT" : u < 0.95 ? "APWF_STATUS_APPROVED" : "APWF_STATUS_ABANDONED";
      const start = new Date(now.getTime() - r.int(1, 120) * 86_400_000 - r.int(0, 86_399) * 1000);
      const after = (days: number) => new Date(Math.min(now.getTime(), start.getTime() + days * 86_400_000));
      const first = r.pick(FIRST_NAMES);
      const last = r.pick(LAST_NAMES);
      apps.push({
        recruiter: rec.id,
        mga: LARGE_MGA,
        status,
        start,
        submitted: status === "APWF_STATUS_INCOMPLETE" || status === "APWF_STATUS_ABANDONED" ? null : after(r.int(1, 10)),
        approved: status === "APWF_STATUS_APPROVED" ? after(r.int(11, 20)) : null,
        abandoned: status === "APWF_STATUS_ABANDONED" ? after(90) : null,
        first,
        last,
        email: `${first}.${last}.${i}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, ""),
      });
    }
    if (apps.length) {
      const ids = await client.query(
        `INSERT INTO appointments (appointment_type_code, appointment_status_code, prospect_email_address, recruiter_agent_id, mga_code,
           start_dt, submitted_at, approved_at, abandoned_at, created_at, updated_at)
         SELECT 'APPTTYP_IND', st, em, rec, mga, sd, sub, apr, aba, sd, now()
           FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::timestamptz[], $8::timestamptz[])
             WITH ORDINALITY AS t(st, em, rec, mga, sd, sub, apr, aba, n)
          ORDER BY n
         RETURNING appointment_id`,
        [apps.map((a) => a.status), apps.map((a) => a.email), apps.map((a) => a.recruiter), apps.map((a) => a.mga), apps.map((a) => a.start), apps.map((a) => a.submitted), apps.map((a) => a.approved), apps.map((a) => a.abandoned)],
      );
      const appIds = ids.rows.map((x) => Number(x.appointment_id)).sort((a, b) => a - b);
      await client.query(
        `INSERT INTO appointment_personal (appointment_id, first_name, last_name, email_address, send_correspondence_to_code, updated_at)
         SELECT id, fn, ln, em, 'R', now() FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS t(id, fn, ln, em)`,
        [appIds, apps.map((a) => a.first), apps.map((a) => a.last), apps.map((a) => a.email)],
      );
    }
    log(`appointments: ${apps.length} in ${Date.now() - t2} ms`);

    const summary = { agents: rows.length, closureRows, deactivated, users: userRows.length + 2, appointments: apps.length, directorAgentIds: directorIds };
    await client.query(`INSERT INTO system_settings (key, value, updated_at) VALUES ($1, $2, now())`, [
      LARGE_SEED_MARKER,
      JSON.stringify({ version: LARGE_SEED_VERSION, seededAt: now.toISOString(), ...summary }),
    ]);
    await client.query("COMMIT");
    await client.query("ANALYZE agents; ANALYZE agent_closure; ANALYZE appointments");
    return { created: true, ...summary, ms: Date.now() - started };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

function director(id: number, t: TreeSpec, personId: string, userId: string): Row {
  return {
    id,
    agentNumber: LARGE_DIRECTOR_NUMBER,
    companyNumber: t.companyNumber,
    blockNumber: t.blockNumber,
    level: 1,
    agentType: "I",
    firstName: "Marcus",
    middleName: "Allen",
    lastName: "Holloway",
    companyName: null,
    email: LARGE_DIRECTOR_EMAIL,
    phone: "3035550160",
    npn: "26260001",
    address1: "1600 Glenarm Pl",
    city: "Denver",
    stateCode: "CO",
    zip: "80202",
    directUpline: "0000",
    parentId: null,
    personId,
    isActive: true,
    terminationDate: null,
    userId,
  };
}

function agent(r: Random, id: number, number: number, t: TreeSpec, level: number, parent: Row): Row {
  const isCorp = r.chance(0.1);
  const first = r.pick(FIRST_NAMES);
  const last = r.pick(LAST_NAMES);
  const place = r.pick(PLACES);
  const corp = isCorp ? companyName(r) : null;
  const slug = (s: string) => s.toLowerCase().replace(/[^a-z]+/g, "");
  return {
    id,
    agentNumber: String(number),
    companyNumber: t.companyNumber,
    blockNumber: t.blockNumber,
    level,
    agentType: isCorp ? "C" : "I",
    firstName: isCorp ? null : first,
    middleName: isCorp ? null : r.pick(MIDDLE_INITIALS),
    lastName: isCorp ? null : last,
    companyName: corp,
    email: isCorp ? `office${number}@${slug(corp!).slice(0, 20)}.example.com` : `${slug(first)}.${slug(last)}${number}@example.com`,
    phone: `${place.area}55501${r.digits(2)}`,
    npn: r.digits(8),
    address1: `${r.int(100, 9899)} ${r.pick(["Main St", "Oak Ave", "Maple Dr", "Cedar Ln", "Park Blvd", "Elm St", "River Rd", "Pine St"])}`,
    city: place.city,
    stateCode: place.stateCode,
    zip: place.zip,
    directUpline: parent.agentNumber,
    parentId: parent.id,
    personId: null,
    isActive: true,
    terminationDate: null,
    userId: null,
  };
}
