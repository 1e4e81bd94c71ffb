// docs/compose.yaml, the README's compose file (decision 0090): `docker
// compose config` is not available here, so the file is parsed with a YAML
// library (merge keys resolved as compose resolves them) and every service,
// image, command, health check and environment variable is checked: the
// portal's variables must be ones it knows (app/lib/env.server.ts), its
// commands scripts the image has, and its flags the ones the container tests
// ran (read-only with a tmpfs on /tmp, a 30 s stop).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { FILE_SECRETS, SETTING_NAMES } from "~/lib/env.server";
import { repoRoot } from "../support/app-server";

type Service = {
  image?: string;
  build?: unknown;
  command?: string[] | string;
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test?: string[]; disable?: boolean };
  read_only?: boolean;
  tmpfs?: string[];
  stop_grace_period?: string;
  depends_on?: string[];
  volumes?: string[];
};
const file = path.join(repoRoot, "docs/compose.yaml");
const text = readFileSync(file, "utf8");
const compose = parse(text, { merge: true }) as { services: Record<string, Service>; volumes?: Record<string, unknown> };
const services = Object.entries(compose.services ?? {});
const portal = services.filter(([, s]) => s.image === "portal");

// The AWS SDK reads these itself (README, 'Files'); everything else the portal reads is in its schema.
const AWS = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION", "AWS_SESSION_TOKEN"];
const known = new Set([...SETTING_NAMES, ...FILE_SECRETS.map((n) => `${n}_FILE`), ...AWS]);
// The official postgres image's variables.
const POSTGRES = new Set(["POSTGRES_USER", "POSTGRES_PASSWORD", "POSTGRES_DB", "POSTGRES_INITDB_ARGS", "PGDATA"]);
const KEYS = new Set(["image", "build", "command", "environment", "healthcheck", "read_only", "tmpfs", "stop_grace_period", "depends_on", "volumes", "ports"]);

describe("docs/compose.yaml", () => {
  test("parses, with a db service and portal services of the image `portal`", () => {
    expect(services.map(([name]) => name).sort()).toEqual(["db", "web1", "web2", "worker"]);
    expect(portal.map(([name]) => name).sort()).toEqual(["web1", "web2", "worker"]);
    for (const [name, s] of services) {
      expect(s.image, `${name}: image`).toMatch(/^(portal|postgres:\d+)$/);
      for (const key of Object.keys(s)) expect(KEYS.has(key), `${name}: unknown key ${key}`).toBe(true);
      for (const dep of s.depends_on ?? []) expect(compose.services[dep], `${name} depends on ${dep}`).toBeDefined();
      for (const v of s.volumes ?? []) {
        const named = v.split(":")[0]!;
        if (!named.startsWith("/") && !named.startsWith(".")) expect(compose.volumes?.[named] !== undefined, `${name}: volume ${named} declared`).toBe(true);
      }
    }
  });

  test("every portal variable is one the portal knows; the db's are the postgres image's", () => {
    for (const [name, s] of services) {
      const vars = Object.keys(s.environment ?? {});
      expect(vars.length, `${name}: environment`).toBeGreaterThan(0);
      for (const v of vars) {
        if (s.image === "portal") expect(known.has(v), `${name}: ${v} is not a setting of the portal (app/lib/env.server.ts)`).toBe(true);
        else expect(POSTGRES.has(v), `${name}: ${v} is not a variable of the postgres image`).toBe(true);
      }
    }
    // What several processes must share (README) is set on every portal service, the same everywhere.
    for (const v of ["DATABASE_URL", "SESSION_SECRET", "ENCRYPTION_KEY", "APP_URL", "STORAGE_URL"]) {
      const values = new Set(portal.map(([, s]) => s.environment?.[v]));
      expect(values.size, `${v}: one value on every portal service`).toBe(1);
      expect([...values][0], `${v} set`).toBeTruthy();
    }
    // The database the portal is given is the db service's.
    const db = compose.services.db!.environment!;
    expect(String(portal[0]![1].environment!.DATABASE_URL)).toBe(`postgresql://${db.POSTGRES_USER}:${db.POSTGRES_PASSWORD}@db:5432/${db.POSTGRES_DB}`);
    // Every ${VAR} substitution is named in the file's header or a secret of the portal (documented by name).
    const substituted = [...new Set([...text.matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((m) => m[1]!))];
    expect(substituted.sort()).toEqual(["ENCRYPTION_KEY", "OIDC_CLIENT_SECRET", "POSTGRES_PASSWORD", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "SESSION_SECRET", "SMTP_PASSWORD"]);
  });

  test("the portal services run as the container stage ran the image: read-only, /tmp tmpfs, a 30 s stop, commands and checks the image has", () => {
    for (const [name, s] of portal) {
      expect(s.read_only, `${name}: read_only`).toBe(true);
      expect(s.tmpfs, `${name}: tmpfs`).toEqual(["/tmp"]);
      expect(s.stop_grace_period, `${name}: stop_grace_period`).toBe("30s");
      for (const argv of [s.command, s.healthcheck?.test?.slice(1)]) {
        if (!argv) continue;
        expect(Array.isArray(argv), `${name}: exec form`).toBe(true);
        const [bin, script] = argv as string[];
        expect(bin).toBe("node");
        expect(existsSync(path.join(repoRoot, script!)), `${name}: ${script} exists`).toBe(true);
      }
    }
    expect(compose.services.worker!.command).toEqual(["node", "scripts/worker.mjs"]);
    expect(compose.services.worker!.healthcheck?.test).toEqual(["CMD", "node", "scripts/healthcheck.mjs", "--worker"]);
    expect(compose.services.worker!.environment!.RUN_WORKER).toBeUndefined();
    for (const web of ["web1", "web2"]) expect(compose.services[web]!.environment!.RUN_WORKER).toBe("false");
  });
});
