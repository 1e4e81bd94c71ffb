// Pages as a browser without JavaScript sees them, for the container tests:
// a form's fields (what it would post) and its action.
import type { AppBrowser, Visit } from "../support/app-sign-in";

const unescape = (s: string) =>
  s.replace(/&#(\d+);/g, (_x, n: string) => String.fromCharCode(Number(n))).replace(/&quot;/g, '"').replace(/&amp;/g, "&");

const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? unescape(m[1]!) : undefined;
};

/** The forms of a page, each with its action (absolute) and the fields it would post as it is. */
export function formsOf(page: Visit): Array<{ html: string; action: string; fields: Record<string, string> }> {
  return [...page.body.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)].map(([html]) => {
    const open = /<form\b[^>]*>/.exec(html)![0];
    const fields: Record<string, string> = {};
    for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
      const name = attr(tag, "name");
      if (!name) continue;
      const type = attr(tag, "type") ?? "text";
      if ((type === "checkbox" || type === "radio") && !/\schecked\b/.test(tag)) continue;
      fields[name] = attr(tag, "value") ?? "";
    }
    return { html, action: new URL(attr(open, "action") ?? page.url, page.url).href, fields };
  });
}

/** Posts the page's form that contains `marker` (e.g. a button's text), its fields overridden by `fields`; follows redirects. */
export async function submit(browser: AppBrowser, page: Visit, marker: string | RegExp, fields: Record<string, string> = {}): Promise<Visit> {
  const form = formsOf(page).find((f) => (typeof marker === "string" ? f.html.includes(marker) : marker.test(f.html)));
  if (!form) throw new Error(`no form with ${String(marker)} on ${page.url} (${page.status}): ${page.body.slice(0, 600)}`);
  return browser.follow(await browser.go(form.action, { ...form.fields, ...fields }));
}
