// What the HTTP benchmarks (scripts/bench/http.mjs, pages-under-reports.mjs) share: a free loopback
// port, signing in through the portal and its built-in provider as a browser does (a cookie jar per
// origin, redirects followed by hand), the environment of the portal they start, and the markdown
// tables they print.

/**
 * The environment of a portal a benchmark starts: this process's, without the settings that would
 * point it at another database, provider or secrets (or that `drop` names), with its own ports,
 * data folder (embedded PostgreSQL), the demo data and the bench routes, and `extra` on top.
 */
export function benchPortalEnv({ port, idpPort, pgPort, dataDir, drop = [], extra = {} }) {
  const env = { ...process.env };
  for (const k of ["DATABASE_URL", "OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "SESSION_SECRET", "ENCRYPTION_KEY", "NODE_OPTIONS", "WEB_CONCURRENCY", ...drop]) delete env[k];
  return Object.assign(env, {
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    IDP_PORT: String(idpPort),
    IDP_URL: `http://localhost:${idpPort}`,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    SEED_DEMO_DATA: "true",
    BENCH_ROUTES: "1",
    ...extra,
  });
}

/** A free TCP port on 127.0.0.1. */
export async function freePort() {
  const net = await import("node:net");
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

class Jar {
  byOrigin = new Map();
  store(url, res) {
    const origin = new URL(url).origin;
    const jar = this.byOrigin.get(origin) ?? new Map();
    this.byOrigin.set(origin, jar);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === "" || attrs.some((a) => /^\s*(max-age=0\b|expires=Thu, 01 Jan 1970)/i.test(a))) jar.delete(name);
      else jar.set(name, value);
    }
  }
  header(url) {
    return [...(this.byOrigin.get(new URL(url).origin) ?? [])].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

async function go(jar, url, form) {
  const headers = { cookie: jar.header(url) };
  let body;
  if (form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    headers.origin = new URL(url).origin;
    body = new URLSearchParams(form).toString();
  }
  const res = await fetch(url, { method: form ? "POST" : "GET", headers, body, redirect: "manual" });
  jar.store(url, res);
  const location = res.headers.get("location");
  return { url, status: res.status, location: location ? new URL(location, url).href : null, body: await res.text() };
}

/** Signs in through the portal (`app.url`) and the built-in provider (`app.idpUrl`); returns the portal's Cookie header. */
export async function signIn(app, email, password) {
  const jar = new Jar();
  let page = await go(jar, `${app.url}/auth/login`);
  for (let i = 0; i < 10 && page.location; i++) page = await go(jar, page.location);
  const uid = /\/interaction\/([^/?#]+)$/.exec(page.url)?.[1];
  if (!uid) throw new Error(`not on the provider's sign-in page: ${page.url} (${page.status})`);
  page = await go(jar, `${app.idpUrl}/interaction/${uid}/login`, { email, password });
  for (let i = 0; i < 10 && page.location; i++) page = await go(jar, page.location);
  const cookie = jar.header(app.url);
  if (!/portal_session=/.test(cookie)) throw new Error(`sign-in as ${email} failed: ${page.url} (${page.status})`);
  return cookie;
}

/** Prints rows as a markdown table with the given columns. */
export function table(rows, columns) {
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(" | ")} |`;
  console.log(line(columns));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.log(line(columns.map((c) => r[c])));
}
