// Signs in to a running portal (startApp) through its built-in provider, as
// a browser without JavaScript does: the portal's /auth/login, the
// provider's sign-in form, back to /auth/callback. Returns the portal's
// Cookie header.
import { DEMO_PASSWORD } from "./factories";

class OriginJar {
  private byOrigin = new Map<string, Map<string, string>>();
  store(url: string, res: Response) {
    const origin = new URL(url).origin;
    const cookies = this.byOrigin.get(origin) ?? new Map<string, string>();
    this.byOrigin.set(origin, cookies);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*(max-age=0\b|expires=Thu, 01 Jan 1970)/i.test(a));
      if (expired || value === "") cookies.delete(name);
      else cookies.set(name, value);
    }
  }
  header(url: string): string {
    return [...(this.byOrigin.get(new URL(url).origin) ?? [])].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

export async function signInToApp(app: { url: string; idpUrl: string }, email: string, password = DEMO_PASSWORD): Promise<string> {
  const jar = new OriginJar();
  const go = async (url: string, form?: Record<string, string>) => {
    const headers: Record<string, string> = { cookie: jar.header(url) };
    let body: string | undefined;
    if (form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin = new URL(url).origin;
      body = new URLSearchParams(form).toString();
    }
    const res = await fetch(url, { method: form ? "POST" : "GET", headers, body, redirect: "manual" });
    jar.store(url, res);
    const location = res.headers.get("location");
    return { url, status: res.status, location: location ? new URL(location, url).href : null, body: await res.text() };
  };
  let page = await go(`${app.url}/auth/login`);
  for (let i = 0; i < 10 && page.location; i++) page = await go(page.location);
  const uid = /\/interaction\/([^/?#]+)$/.exec(page.url)?.[1];
  if (!uid) throw new Error(`not on the provider's sign-in page: ${page.url} (${page.status})`);
  page = await go(`${app.idpUrl}/interaction/${uid}/login`, { email, password });
  for (let i = 0; i < 10 && page.location; i++) page = await go(page.location);
  const cookie = jar.header(app.url);
  if (!cookie.includes("portal_session=")) throw new Error(`sign-in as ${email} failed: ${page.url} (${page.status})`);
  return cookie;
}
