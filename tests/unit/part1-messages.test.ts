// Every message of spec part 1 appears in the app's code once (COMMON rules):
// the part-1 catalogues are read, and each of their texts is looked for as a
// whole literal ("…", '…', `…`, or a JSX text) in app/ (tests and generated
// code left out). The catalogue's own definition is the one occurrence; a
// second literal elsewhere means the text was copied instead of imported.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as views from "~/features/documents/view-messages";
import * as links from "~/features/links/messages";
import * as preferences from "~/features/preferences/messages";
import * as profile from "~/features/profile/messages";
import * as support from "~/features/service-requests/service-request";

const APP = path.resolve(__dirname, "../../app");

/**
 * Texts that other parts of the spec use as well, with their own catalogue
 * (a dialog title shared by several features is one word, not a copied
 * message). Each entry: the text and why it may appear more than once.
 */
const SHARED: Record<string, string> = {
  "System Error": "spec title of several dialogs (wizard, upload, links, Contact Us), parts 1 and 2",
  "Invalid File": "the upload's title in part 2 (UPLOAD_ANSWERS, NOT_PDF and TOO_BIG) and Contact Us in part 1",
  "Oops!": "spec title used by preferences, links and invitations",
  "Success!": "spec title",
  "Already Configured": "also the title of part 2's States & Fees dialog (FEES_MESSAGES), another dialog with the spec's same title",
  "Phone Number is invalid": "the built-in identity provider's own profile page (a separate application, decision 0002) has its copy",
  "Missing or Invalid": "the built-in identity provider's own profile page (decision 0002) has its copy",
  "Successfully Updated!": "the built-in identity provider's own profile page (decision 0002) has its copy",
  "I have no middle name": "the built-in identity provider's sign-up and profile pages (decision 0002) have their copy (decision 0096)",
};

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === "generated" || name === "node_modules") continue;
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

/** The code without its comments (a comment may quote a message; only code counts). */
function withoutComments(body: string): string {
  return body.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[\s;,{}()])\/\/.*$/gm, "$1");
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function occurrences(text: string, sources: ReadonlyArray<{ file: string; body: string }>): string[] {
  const e = escape(text);
  const re = new RegExp(`(["'\`])${e}\\1|>\\s*${e}\\s*<`, "g");
  return sources.flatMap(({ file, body }) => [...body.matchAll(re)].map(() => path.relative(APP, file)));
}

describe("part 1 messages appear once in the app", () => {
  const sources = sourceFiles(APP).map((file) => ({ file, body: withoutComments(readFileSync(file, "utf8")) }));
  const catalogues = { links, preferences, profile: profile.PROFILE_MESSAGES, support: support.SVCREQ_MESSAGES, views: views.VIEW_MESSAGES };
  const texts = [...new Set(Object.values(catalogues).flatMap(strings))].filter((t) => t.length >= 4 && /\s|!|\./.test(t));

  it("finds the catalogues' texts", () => {
    expect(texts.length).toBeGreaterThan(40);
  });

  it.each(texts)("%s", (text) => {
    const found = occurrences(text, sources);
    if (SHARED[text]) {
      expect(found.length).toBeGreaterThanOrEqual(1);
      return;
    }
    // 0: built from parts (a template such as `${title}: ${message}`); 1: its catalogue.
    expect(found.length, `${text} found in ${found.join(", ")}`).toBeLessThanOrEqual(1);
  });
});
