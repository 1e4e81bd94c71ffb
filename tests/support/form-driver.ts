// A browser without JavaScript, without a browser (issue 35 item 1): fetches the portal's pages,
// reads their forms from the HTML with jsdom (the HTML spec's parser, parse5, and its DOM: labels,
// form owners, :disabled, constraint validity), fills them as a person would (by the visible label)
// and submits exactly what Chromium with JavaScript off sends: the form's entry list built as the
// HTML spec says (tree order, the submit button's name and value, checked boxes, selected options,
// disabled controls left out, `form=` owners), urlencoded or multipart, to the action, formaction,
// method and enctype the browser would use, with the Origin and Referer it would send. Redirects are
// followed with a cookie jar per host (tough-cookie, RFC 6265, as jsdom has it). The answer is read
// as a person reads it: headings, the message beside a field, banners (role=alert/status), text.
//
//   const person = new Visitor();
//   let page = await person.get(`${app.url}/profile`);
//   const form = page.form("Save");                       // by a submit button, heading, id, name or action
//   form.fill("First Name", "Dana").check("I agree").select("State", "Texas");
//   page = await form.submit("SAVE");                     // refused (throws BrowserRefusal) when a browser would not send it
//   expect(page.heading()).toBe("Profile"); expect(page.fieldError("First Name")).toBe(null);
//   page = await page.within("dialog", "Successfully Saved!").click("OK"); // a method=dialog OK: closed, nothing sent
//   page.toggle("Upload a Document");                      // a <details> opened by its summary
//
// A form the driver cannot read as a browser would (a control nobody can find by its label, two
// controls or buttons answering to one label, an enctype or method it does not know) fails the test:
// it throws, it never guesses. Its own tests: tests/unit/form-driver.test.ts (reading, on small
// HTML) and tests/e2e/form-driver.test.ts (the same request bytes as Chromium on real forms).
import { JSDOM, CookieJar } from "jsdom";

type El = Element;
export type Name = string | RegExp;

/** What a browser with JavaScript off would not send: the messages a person would see, with the control. */
export class BrowserRefusal extends Error {
  constructor(readonly problems: Array<{ control: string; problem: string }>) {
    super(`the browser would not submit this form: ${problems.map((p) => `${p.control}: ${p.problem}`).join("; ")}`);
    this.name = "BrowserRefusal";
  }
}

/** A file a person picks in a file input. */
export interface PickedFile {
  name: string;
  /** The type the browser gives it (from the file's extension); default application/octet-stream. */
  mimeType?: string;
  buffer: Buffer | Uint8Array | string;
}

/** One entry of a form's entry list: a string, or a file. */
export type Entry = [string, string | { name: string; type: string; bytes: Buffer }];

/** A request as the browser would send it. */
export interface BuiltRequest {
  method: "GET" | "POST";
  url: string;
  /** For a POST: application/x-www-form-urlencoded, multipart/form-data (its boundary added when sent) or text/plain. */
  enctype?: string;
  entries: Entry[];
}

// ───────────────────────────── text as a person reads it ─────────────────────────────

const norm = (s: string) => s.replace(/\s+/g, " ").trim();
const matches = (text: string, name: Name) => (typeof name === "string" ? norm(text) === norm(name) : name.test(norm(text)));
const show = (name: Name) => (typeof name === "string" ? JSON.stringify(name) : String(name));

/** Hidden from a person: `hidden`, aria-hidden, script/style/template, a closed <details>' body, <noscript> is shown (JS off). */
function isHidden(el: El): boolean {
  for (let e: El | null = el; e; e = e.parentElement) {
    if (e.hasAttribute("hidden") || e.getAttribute("aria-hidden") === "true") return true;
    const tag = e.localName;
    if (tag === "script" || tag === "style" || tag === "template" || tag === "head") return true;
    if (tag === "input" && (e as HTMLInputElement).type === "hidden") return true;
    const parent = e.parentElement;
    if (parent?.localName === "details" && !parent.hasAttribute("open") && e.localName !== "summary") return true;
    if (tag === "dialog" && !e.hasAttribute("open")) return true;
  }
  return false;
}

const BLOCK = new Set(
  "address article aside blockquote br dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul legend label option".split(" "),
);

/** The visible text of an element, whitespace collapsed; blocks and cells apart (roughly innerText). */
export function visibleText(el: El): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      parts.push(node.textContent ?? "");
      return;
    }
    if (node.nodeType !== 1) return;
    const e = node as El;
    if (isHidden(e)) return;
    if (e.localName === "input") {
      const t = (e as HTMLInputElement).type;
      if (t === "submit" || t === "button" || t === "reset") parts.push(` ${(e as HTMLInputElement).value} `);
      return;
    }
    const block = BLOCK.has(e.localName);
    if (block) parts.push(" ");
    for (const child of Array.from(e.childNodes)) walk(child);
    if (block) parts.push(" ");
  };
  walk(el);
  return norm(parts.join(""));
}

/** The accessible name of a control, a button, a link, a group or a region (aria-labelledby, aria-label, <label>s, legend, contents). */
export function accessibleName(el: El): string {
  const doc = el.ownerDocument;
  const labelledBy = el.getAttribute("aria-labelledby");
  if (labelledBy) {
    return norm(
      labelledBy
        .split(/\s+/)
        .map((id) => doc.getElementById(id))
        .filter((x): x is HTMLElement => !!x)
        .map((x) => visibleText(x) || norm(x.textContent ?? ""))
        .join(" "),
    );
  }
  const ariaLabel = el.getAttribute("aria-label");
  if (ariaLabel && norm(ariaLabel)) return norm(ariaLabel);
  const labels = (el as HTMLInputElement).labels;
  if (labels && labels.length > 0) return norm(Array.from(labels).map(labelText).join(" "));
  if (el.localName === "fieldset") {
    const legend = el.querySelector(":scope > legend");
    return legend ? visibleText(legend) : "";
  }
  if (el.localName === "input") {
    const input = el as HTMLInputElement;
    if (input.type === "submit") return norm(input.hasAttribute("value") ? input.value : "Submit");
    if (input.type === "reset") return norm(input.hasAttribute("value") ? input.value : "Reset");
    if (input.type === "button") return norm(input.value);
    if (input.type === "image") return norm(input.alt || input.value || "Submit");
  }
  if (["button", "a", "summary", "option", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "legend"].includes(el.localName)) {
    return visibleText(el);
  }
  return el.getAttribute("title") ? norm(el.getAttribute("title")!) : "";
}

/** A label's text without the text of the control inside it (as a name is computed). */
function labelText(label: HTMLLabelElement): string {
  const copy = label.cloneNode(true) as HTMLElement;
  for (const c of Array.from(copy.querySelectorAll("input, select, textarea"))) c.remove();
  return visibleText(copy);
}

// ───────────────────────────── a part of a page ─────────────────────────────

const CONTROLS = "input, select, textarea, button";
const SUBMITS = 'button:not([type]), button[type="submit"], button[type=""], input[type="submit"], input[type="image"]';
const isSubmitButton = (el: El) =>
  (el.localName === "button" && !["reset", "button"].includes(((el as HTMLButtonElement).getAttribute("type") ?? "submit").toLowerCase())) ||
  (el.localName === "input" && ["submit", "image"].includes((el as HTMLInputElement).type));

const ROLES: Record<string, string> = {
  region: "section[aria-label], section[aria-labelledby], [role=region]",
  navigation: "nav, [role=navigation]",
  group: "fieldset, [role=group]",
  dialog: "dialog, [role=dialog], [role=alertdialog]",
  row: "tr, [role=row]",
  table: "table, [role=table]",
  main: "main, [role=main]",
  list: "ul, ol, [role=list]",
  listitem: "li, [role=listitem]",
};

/** Part of a page: the whole document, a region, a row. Every finder fails when nothing, or more than one thing, answers. */
export class Scope {
  constructor(
    readonly page: Page,
    readonly root: El,
  ) {}

  /** Every element of `role` inside (region, navigation, group, dialog, row, table, main, list, listitem) whose name or text matches. */
  all(role: keyof typeof ROLES | string, name?: Name): Scope[] {
    const selector = ROLES[role] ?? role;
    return Array.from(this.root.querySelectorAll(selector))
      .filter((el) => !isHidden(el))
      .filter((el) => name === undefined || matches(role === "row" || role === "listitem" ? visibleText(el) : accessibleName(el), name) || (typeof name !== "string" && name.test(visibleText(el))))
      .map((el) => new Scope(this.page, el));
  }

  /** The one element of `role` named `name` (a region by its heading, a row by its text matching a RegExp or a string inside it). */
  within(role: keyof typeof ROLES | string, name: Name): Scope {
    const selector = ROLES[role] ?? role;
    const found = Array.from(this.root.querySelectorAll(selector))
      .filter((el) => !isHidden(el))
      .filter((el) => {
        if (role === "row" || role === "listitem") return typeof name === "string" ? visibleText(el).includes(name) : name.test(visibleText(el));
        return matches(accessibleName(el), name);
      });
    return new Scope(this.page, one(found, `${role} ${show(name)}`, this.page.url));
  }

  /** Everything a person reads here. */
  text(): string {
    return visibleText(this.root);
  }

  /** Whether a person reads `what` here (a string inside the text, or a RegExp matched against it). */
  shows(what: Name): boolean {
    const text = this.text();
    return typeof what === "string" ? text.includes(norm(what)) : what.test(text);
  }

  /** The headings' texts (`level` 1 to 6, or all). */
  headings(level?: number): string[] {
    const selector = level ? `h${level}` : "h1, h2, h3, h4, h5, h6";
    return Array.from(this.root.querySelectorAll(selector))
      .filter((el) => !isHidden(el))
      .map((el) => visibleText(el));
  }

  /** The first heading of `level` (default 1), or null. */
  heading(level = 1): string | null {
    return this.headings(level)[0] ?? null;
  }

  /** The messages of the banners and alerts a person sees (role=alert, role=status, output), in page order. */
  banners(): string[] {
    return Array.from(this.root.querySelectorAll('[role="alert"], [role="status"], output'))
      .filter((el) => !isHidden(el))
      .map((el) => visibleText(el))
      .filter(Boolean);
  }

  /** The cells' texts of every visible table row inside (header rows too). */
  rows(): string[][] {
    return Array.from(this.root.querySelectorAll("tr"))
      .filter((el) => !isHidden(el))
      .map((tr) => Array.from(tr.querySelectorAll(":scope > td, :scope > th")).map((c) => visibleText(c)));
  }

  /** The `href` (absolute) of the one link named `name`. */
  link(name: Name): string {
    const found = Array.from(this.root.querySelectorAll("a[href]")).filter((a) => !isHidden(a) && matches(accessibleName(a), name));
    return new URL(one(found, `link ${show(name)}`, this.page.url).getAttribute("href")!, this.page.baseUrl).href;
  }

  /** Follows the link named `name` (a GET, with the Referer a browser sends). */
  follow(name: Name): Promise<Page> {
    return this.page.visitor.get(this.link(name), { referer: this.page.url });
  }

  /** The one form here that answers to `which`: its id, name, accessible name, a heading in it, a submit button's label, or its action's path. */
  form(which?: Name): Form {
    const forms = Array.from(this.root.querySelectorAll("form")).filter((f) => !isHidden(f)) as HTMLFormElement[];
    if (which === undefined) return new Form(this.page, one(forms, "form", this.page.url));
    const tests: Array<(f: HTMLFormElement) => boolean> = [
      (f) => typeof which === "string" && (f.id === which || f.getAttribute("name") === which),
      (f) => matches(accessibleName(f), which),
      (f) => submitButtons(f).some((b) => matches(accessibleName(b), which)),
      (f) => Array.from(f.querySelectorAll("h1, h2, h3, h4, h5, h6, legend")).some((h) => matches(visibleText(h), which)),
      (f) => {
        const action = f.getAttribute("action");
        if (action === null) return false;
        const u = new URL(action, this.page.baseUrl);
        return matches(u.pathname + u.search, which) || matches(u.pathname, which);
      },
    ];
    for (const test of tests) {
      const found = forms.filter(test);
      if (found.length > 0) return new Form(this.page, one(found, `form ${show(which)}`, this.page.url));
    }
    throw new Error(`no form answers to ${show(which)} on ${this.page.url} (forms: ${forms.map(describeForm).join(", ") || "none"})`);
  }

  /** Clicks the one submit button labelled `label` here: its form, as it is on the page, submitted with it. */
  click(label: Name): Promise<Page> {
    const found = Array.from(this.root.querySelectorAll(SUBMITS)).filter((b) => !isHidden(b) && matches(accessibleName(b), label));
    const button = one(found, `button ${show(label)}`, this.page.url) as HTMLButtonElement;
    if (!button.form) throw new Error(`the button ${show(label)} on ${this.page.url} belongs to no form: it does nothing without JavaScript`);
    return new Form(this.page, button.form).submitWith(button);
  }

  /** Clicks the <summary> reading `label`: its <details> opens (or closes), showing what it holds, as in a browser without JavaScript. */
  toggle(label: Name): this {
    const found = Array.from(this.root.querySelectorAll("details > summary")).filter((el) => !isHidden(el) && matches(visibleText(el), label));
    const details = one(found, `summary ${show(label)}`, this.page.url).parentElement!;
    if (details.hasAttribute("open")) details.removeAttribute("open");
    else details.setAttribute("open", "");
    return this;
  }

  /** The message beside the control labelled `label` (its aria-errormessage or aria-describedby error, or a group's), or null. */
  fieldError(label: Name): string | null {
    const control = findLabelled(this.root, label, this.page.url, { groups: true });
    const ids = [control.getAttribute("aria-errormessage"), control.getAttribute("aria-describedby")].filter(Boolean).join(" ").split(/\s+/).filter(Boolean);
    const doc = this.root.ownerDocument;
    const messages = ids
      .map((id) => doc.getElementById(id))
      .filter((el): el is HTMLElement => !!el && !isHidden(el))
      .filter((el) => /error/i.test(el.id) || /error/i.test(el.className) || el.getAttribute("role") === "alert")
      .map((el) => visibleText(el))
      .filter(Boolean);
    return messages.length ? messages.join(" ") : null;
  }
}

function describeForm(f: HTMLFormElement) {
  const buttons = submitButtons(f).map((b) => accessibleName(b));
  return `${f.method.toUpperCase()} ${f.getAttribute("action") ?? "(this page)"} [${buttons.join(" | ")}]`;
}

function one<T extends El>(found: T[], what: string, url: string): T {
  if (found.length === 1) return found[0]!;
  if (found.length === 0) throw new Error(`no ${what} on ${url}`);
  throw new Error(`${found.length} elements answer to ${what} on ${url}: a person could not tell which (${found.map((e) => e.outerHTML.slice(0, 80)).join(" / ")})`);
}

function submitButtons(form: HTMLFormElement): Array<HTMLButtonElement | HTMLInputElement> {
  return Array.from(form.elements).filter(isSubmitButton) as Array<HTMLButtonElement | HTMLInputElement>;
}

/** The one visible control (or, with `groups`, fieldset/radio group) whose label matches, like getByLabel. */
function findLabelled(root: El, label: Name, url: string, opts: { groups?: boolean; within?: El[] } = {}): HTMLElement {
  const candidates = opts.within ?? Array.from(root.querySelectorAll(opts.groups ? `${CONTROLS}, fieldset, [role=group], [role=radiogroup]` : CONTROLS));
  const found = candidates.filter((el) => {
    if (isHidden(el)) return false;
    if (isSubmitButton(el) || el.localName === "button") return false;
    // A form's elements include its fieldsets: a group answers only when asked for groups.
    if (!opts.groups && !el.matches(CONTROLS)) return false;
    return matches(accessibleName(el), label);
  });
  if (found.length === 0) {
    const names = candidates.filter((el) => !isHidden(el) && !isSubmitButton(el)).map((el) => accessibleName(el)).filter(Boolean);
    throw new Error(`no control labelled ${show(label)} on ${url}: a person could not find it (labels: ${names.map((n) => JSON.stringify(n)).join(", ")})`);
  }
  return one(found, `control labelled ${show(label)}`, url) as HTMLElement;
}

// ───────────────────────────── a page ─────────────────────────────

/** A page the visitor has open: what the portal answered (after redirects). */
export class Page extends Scope {
  readonly document: Document;
  readonly baseUrl: string;
  constructor(
    readonly visitor: Visitor,
    readonly url: string,
    readonly status: number,
    readonly headers: Headers,
    readonly html: string,
    /** Every address the visit went through (the redirects), the last one `url`. */
    readonly chain: string[],
  ) {
    const dom = new JSDOM(html, { url });
    super(undefined as unknown as Page, dom.window.document.documentElement);
    (this as { page: Page }).page = this;
    this.document = dom.window.document;
    this.baseUrl = this.document.baseURI;
  }

  /** A page of `html` as if served at `url` (for reading small HTML in unit tests). */
  static of(html: string, url = "http://localhost/", visitor = new Visitor()): Page {
    return new Page(visitor, url, 200, new Headers({ "content-type": "text/html" }), html, [url]);
  }

  get title(): string {
    return norm(this.document.title);
  }

  get pathname(): string {
    return new URL(this.url).pathname;
  }

  get searchParams(): URLSearchParams {
    return new URL(this.url).searchParams;
  }
}

// ───────────────────────────── a form ─────────────────────────────

const SUBMITTABLE = new Set(["button", "input", "select", "textarea", "object"]);

/** A form of a page, filled as a person fills it; the page's document is changed as the browser's would be. */
export class Form {
  private files = new Map<HTMLInputElement, PickedFile[]>();
  constructor(
    readonly page: Page,
    readonly element: HTMLFormElement,
  ) {}

  private control(label: Name, group?: Name): HTMLElement {
    // The form's controls, with those outside it that name it with form=; with `group`, those inside the one fieldset (or role=group) so named.
    let within = Array.from(this.element.elements) as El[];
    if (group !== undefined) {
      const groups = Array.from(this.page.root.querySelectorAll("fieldset, [role=group], [role=radiogroup]")).filter((g) => !isHidden(g) && matches(accessibleName(g), group));
      const g = one(groups, `group ${show(group)}`, this.page.url);
      within = within.filter((el) => g.contains(el));
    }
    return findLabelled(this.element, label, this.page.url, { within });
  }

  /** The control labelled `label` (in `group`), to read what a person or their browser sees of it: readonly, disabled, autocomplete. */
  controlOf(label: Name, group?: Name): HTMLElement {
    return this.control(label, group);
  }

  private editable(el: HTMLElement, label: Name) {
    if (el.matches(":disabled")) throw new Error(`${show(label)} is disabled on ${this.page.url}: a person cannot change it`);
    if ((el as HTMLInputElement).readOnly) throw new Error(`${show(label)} is read-only on ${this.page.url}: a person cannot change it`);
  }

  /**
   * Types `value` into the text field labelled `label` (what was there replaced); with `group`, the one in the
   * fieldset of that legend (one of several 'Email addresses'). A value longer than its maxlength cannot be typed: fails.
   */
  fill(label: Name, value: string, group?: Name): this {
    const el = this.control(label, group) as HTMLInputElement | HTMLTextAreaElement;
    this.editable(el, label);
    if (el.localName === "select" || ["checkbox", "radio", "file", "submit", "button", "reset", "image", "hidden"].includes((el as HTMLInputElement).type)) {
      throw new Error(`${show(label)} on ${this.page.url} is a ${el.localName === "select" ? "select" : (el as HTMLInputElement).type}: not something to type into`);
    }
    const max = el.maxLength;
    if (max >= 0 && [...value].length > max) {
      throw new Error(`${show(label)} on ${this.page.url} takes at most ${max} characters (maxlength): a person cannot type ${[...value].length}`);
    }
    el.value = value;
    return this;
  }

  /** Ticks the checkbox (or picks the radio button) labelled `label`; with `group`, the one in the fieldset of that legend (a question's 'No'). */
  check(label: Name, group?: Name): this {
    return this.tick(label, true, group);
  }

  /** Unticks the checkbox labelled `label` (in `group`). */
  uncheck(label: Name, group?: Name): this {
    return this.tick(label, false, group);
  }

  private tick(label: Name, on: boolean, group?: Name) {
    const el = this.control(label, group) as HTMLInputElement;
    if (el.localName !== "input" || !["checkbox", "radio"].includes(el.type)) throw new Error(`${show(label)} on ${this.page.url} is not a checkbox or a radio button`);
    if (!on && el.type === "radio") throw new Error(`a radio button cannot be unticked by a person (${show(label)})`);
    this.editable(el, label);
    el.checked = on;
    return this;
  }

  /** Chooses, in the select labelled `label`, the option(s) whose text (or value) is `option`; a multiple select keeps only those. */
  select(label: Name, option: Name | Name[]): this {
    const el = this.control(label) as HTMLSelectElement;
    if (el.localName !== "select") throw new Error(`${show(label)} on ${this.page.url} is not a select`);
    this.editable(el, label);
    const wanted = Array.isArray(option) ? option : [option];
    if (!el.multiple && wanted.length !== 1) throw new Error(`${show(label)} picks one option`);
    const options = Array.from(el.options);
    const chosen = wanted.map((w) => {
      const byText = options.filter((o) => matches(o.text, w));
      const found = byText.length ? byText : options.filter((o) => matches(o.value, w));
      const o = one(found, `option ${show(w)} of ${show(label)}`, this.page.url);
      if (o.disabled || (o.parentElement?.localName === "optgroup" && (o.parentElement as HTMLOptGroupElement).disabled)) {
        throw new Error(`option ${show(w)} of ${show(label)} is disabled`);
      }
      return o;
    });
    for (const o of options) o.selected = chosen.includes(o);
    return this;
  }

  /** Picks `files` in the file input labelled `label` (one unless it is `multiple`). */
  attach(label: Name, ...files: PickedFile[]): this {
    const el = this.control(label) as HTMLInputElement;
    if (el.localName !== "input" || el.type !== "file") throw new Error(`${show(label)} on ${this.page.url} is not a file input`);
    this.editable(el, label);
    if (files.length > 1 && !el.multiple) throw new Error(`${show(label)} takes one file`);
    this.files.set(el, files);
    return this;
  }

  /** The value the control labelled `label` (in `group`) shows (a text field's text, a select's chosen options' values). */
  value(label: Name, group?: Name): string {
    const el = this.control(label, group);
    if (el.localName === "select") return Array.from((el as HTMLSelectElement).selectedOptions).map((o) => o.value).join(",");
    if ((el as HTMLInputElement).type === "checkbox" || (el as HTMLInputElement).type === "radio") return String((el as HTMLInputElement).checked);
    return (el as HTMLInputElement).value;
  }

  /** Whether the checkbox or radio button labelled `label` (in `group`) is ticked. */
  checked(label: Name, group?: Name): boolean {
    return (this.control(label, group) as HTMLInputElement).checked;
  }

  /** The submit button labelled `label`, or the form's default button (its first). */
  private submitter(label?: Name): HTMLButtonElement | HTMLInputElement | null {
    const buttons = submitButtons(this.element);
    if (label === undefined) {
      // Implicit submission (Enter in a field): the default button, which must not be disabled.
      const first = buttons[0] ?? null;
      if (first && first.matches(":disabled")) throw new Error(`the form's default button is disabled on ${this.page.url}: Enter does nothing`);
      if (!first) {
        // No button: Enter submits only when the form has one field that blocks implicit submission.
        const blocking = (Array.from(this.element.elements) as HTMLInputElement[]).filter(
          (e) => e.localName === "input" && ["text", "search", "url", "tel", "email", "password", "date", "month", "week", "time", "datetime-local", "number"].includes(e.type),
        );
        if (blocking.length > 1) throw new Error(`the form on ${this.page.url} has no submit button and ${blocking.length} fields: Enter does not submit it`);
      }
      return first;
    }
    const found = buttons.filter((b) => !isHidden(b) && matches(accessibleName(b), label));
    const button = one(found, `submit button ${show(label)} of the form`, this.page.url);
    if (button.matches(":disabled")) throw new Error(`the button ${show(label)} is disabled on ${this.page.url}`);
    return button;
  }

  /** What the browser would refuse before sending (required, maxlength, minlength, pattern, type, min, max, step), in tree order. */
  refusals(buttonLabel?: Name): Array<{ control: string; problem: string }> {
    const submitter = this.submitter(buttonLabel);
    if (this.element.noValidate || submitter?.formNoValidate) return [];
    return this.invalid();
  }

  private invalid(): Array<{ control: string; problem: string }> {
    const problems: Array<{ control: string; problem: string }> = [];
    for (const el of Array.from(this.element.elements) as HTMLInputElement[]) {
      if (!("validity" in el) || !el.willValidate) continue;
      const name = accessibleName(el) || el.name;
      if (el.localName === "input" && el.type === "file") {
        if (el.required && !(this.files.get(el)?.length)) problems.push({ control: name, problem: "valueMissing" });
        continue;
      }
      const v = el.validity;
      for (const key of ["valueMissing", "typeMismatch", "patternMismatch", "tooLong", "tooShort", "rangeUnderflow", "rangeOverflow", "stepMismatch", "badInput"] as const) {
        if (v[key]) problems.push({ control: name, problem: key });
      }
      // minlength/maxlength count only what a person typed (the dirty flag jsdom does not keep): check them here.
      if (el.localName === "input" || el.localName === "textarea") {
        const len = [...el.value].length;
        if (el.value !== el.defaultValue && el.minLength >= 0 && len > 0 && len < el.minLength && !v.tooShort) problems.push({ control: name, problem: "tooShort" });
      }
    }
    return problems;
  }

  /** The request a browser would send when `buttonLabel` (default: Enter in a field) is clicked; refused like the browser would. */
  request(buttonLabel?: Name): BuiltRequest {
    return this.build(this.submitter(buttonLabel));
  }

  private build(submitter: HTMLButtonElement | HTMLInputElement | null): BuiltRequest {
    if (!(this.element.noValidate || submitter?.formNoValidate)) {
      const problems = this.invalid();
      if (problems.length) throw new BrowserRefusal(problems);
    }
    const attr = (name: string) => (submitter?.hasAttribute(`form${name}`) ? submitter.getAttribute(`form${name}`) : this.element.getAttribute(name));
    const method = (attr("method") ?? "get").toLowerCase();
    if (method === "dialog") throw new Error(`a method=dialog form on ${this.page.url} does not send anything`);
    if (method !== "get" && method !== "post") {
      // An invalid value is the missing value default: GET.
    }
    const action = attr("action");
    const url = new URL(action === null || action === "" ? this.page.url : action, this.page.baseUrl);
    const entries = this.entries(submitter);
    if (method !== "post") {
      // GET: the query string replaced by the entries (files as their names).
      url.search = urlencoded(entries.map(([n, v]) => [n, typeof v === "string" ? v : v.name]));
      url.hash = "";
      return { method: "GET", url: url.href, entries };
    }
    const raw = (attr("enctype") ?? "").toLowerCase();
    const enctype = raw === "multipart/form-data" || raw === "text/plain" ? raw : "application/x-www-form-urlencoded";
    return { method: "POST", url: url.href, enctype, entries };
  }

  /** The form's entry list as the HTML spec constructs it with `submitter` (its name/value included, other buttons not). */
  entries(submitter: HTMLButtonElement | HTMLInputElement | null = null): Entry[] {
    const list: Entry[] = [];
    for (const field of Array.from(this.element.elements) as HTMLInputElement[]) {
      if (!SUBMITTABLE.has(field.localName)) continue;
      if (field.closest("datalist")) continue;
      if (field.matches(":disabled")) continue;
      const isButton = field.localName === "button" || ["submit", "reset", "button", "image"].includes(field.type);
      if (isButton && field !== submitter) continue;
      if (field.localName === "input" && (field.type === "checkbox" || field.type === "radio") && !field.checked) continue;
      if (field.localName === "input" && field.type === "image") {
        // Clicked at 0,0 (no coordinates without a pointer).
        const prefix = field.name ? `${field.name}.` : "";
        list.push([`${prefix}x`, "0"], [`${prefix}y`, "0"]);
        continue;
      }
      const name = field.getAttribute("name");
      if (field.localName === "object" || !name) continue;
      if (field.localName === "select") {
        for (const o of Array.from((field as unknown as HTMLSelectElement).options)) {
          if (o.selected && !o.disabled) list.push([name, o.value]);
        }
      } else if (field.localName === "input" && (field.type === "checkbox" || field.type === "radio")) {
        list.push([name, field.hasAttribute("value") ? field.value : "on"]);
      } else if (field.localName === "input" && field.type === "file") {
        const picked = this.files.get(field) ?? [];
        if (picked.length === 0) list.push([name, { name: "", type: "application/octet-stream", bytes: Buffer.alloc(0) }]);
        for (const f of picked) list.push([name, { name: f.name, type: f.mimeType || "application/octet-stream", bytes: Buffer.from(f.buffer) }]);
      } else if (field.localName === "input" && field.type === "hidden" && name.toLowerCase() === "_charset_") {
        list.push([name, "UTF-8"]);
      } else {
        list.push([name, field.value]);
      }
      const dirname = field.getAttribute("dirname");
      if (dirname && (field.localName === "textarea" || ["text", "search"].includes(field.type))) list.push([dirname, "ltr"]);
    }
    return list;
  }

  /** Submits the form with the button labelled `buttonLabel` (default: Enter in a field); the page the browser ends on. */
  submit(buttonLabel?: Name): Promise<Page> {
    return this.submitWith(this.submitter(buttonLabel));
  }

  /** @internal */
  submitWith(submitter: HTMLButtonElement | HTMLInputElement | null): Promise<Page> {
    const method = (submitter?.hasAttribute("formmethod") ? submitter.getAttribute("formmethod") : this.element.getAttribute("method"))?.toLowerCase();
    if (method === "dialog") {
      // A method=dialog form closes its dialog and sends nothing (HTML spec, form submission step 'dialog'): the same page.
      const dialog = this.element.closest("dialog");
      if (!dialog) throw new Error(`a method=dialog form outside a <dialog> on ${this.page.url}: its button does nothing`);
      dialog.removeAttribute("open");
      return Promise.resolve(this.page);
    }
    const built = this.build(submitter);
    return this.page.visitor.send(built, this.page.url);
  }
}

/** application/x-www-form-urlencoded, line breaks as CRLF (as the browser sends them). */
function urlencoded(pairs: Array<[string, string]>): string {
  return new URLSearchParams(pairs.map(([n, v]) => [crlf(n), crlf(v)])).toString();
}
const crlf = (s: string) => s.replace(/\r\n|\r|\n/g, "\r\n");

/** The body and content type of a built POST as the browser encodes it. */
export function encodeBody(built: BuiltRequest): { body: Buffer; contentType: string } {
  if (built.enctype === "multipart/form-data") {
    const boundary = `----formdriver${Math.random().toString(16).slice(2)}${Date.now().toString(16)}`;
    // Names and filenames escaped as the HTML spec says: " as %22, CR as %0D, LF as %0A; values' line breaks CRLF.
    const esc = (s: string) => s.replace(/\n/g, "%0A").replace(/\r/g, "%0D").replace(/"/g, "%22");
    const chunks: Buffer[] = [];
    for (const [name, value] of built.entries) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${esc(crlf(name))}"`));
      if (typeof value === "string") chunks.push(Buffer.from(`\r\n\r\n${crlf(value)}\r\n`));
      else {
        chunks.push(Buffer.from(`; filename="${esc(value.name)}"\r\nContent-Type: ${value.type}\r\n\r\n`), value.bytes, Buffer.from("\r\n"));
      }
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
  }
  const pairs = built.entries.map(([n, v]): [string, string] => [n, typeof v === "string" ? v : v.name]);
  if (built.enctype === "text/plain") {
    return { body: Buffer.from(pairs.map(([n, v]) => `${crlf(n)}=${crlf(v)}\r\n`).join("")), contentType: "text/plain" };
  }
  return { body: Buffer.from(urlencoded(pairs)), contentType: "application/x-www-form-urlencoded" };
}

// ───────────────────────────── a person with a browser ─────────────────────────────

const ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/**
 * The User-Agent the driver sends: shaped like a browser's, as every browser sends one (without it,
 * Node's fetch says 'node', and the portal records that as the person's browser: sessions, the
 * signature evidence), naming the driver.
 */
export const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) form-driver (no JavaScript)";

/** One person's browser without JavaScript: a cookie jar per host, the pages it visits. */
export class Visitor {
  readonly jar = new CookieJar();
  /** `userAgent`: the User-Agent header of every request (default USER_AGENT). */
  constructor(readonly userAgent: string = USER_AGENT) {}
  /** Every request it sent (method, URL, the headers that matter), oldest first. */
  readonly sent: Array<{ method: string; url: string; contentType?: string; body?: Buffer }> = [];

  /** Opens `url` (typed into the address bar, or a link with `referer`). */
  get(url: string, opts: { referer?: string } = {}): Promise<Page> {
    return this.navigate("GET", url, undefined, opts.referer);
  }

  /** Sends a built form request (Form.submit does), from the page at `from`. */
  send(built: BuiltRequest, from: string): Promise<Page> {
    if (built.method === "GET") return this.navigate("GET", built.url, undefined, from);
    return this.navigate("POST", built.url, encodeBody(built), from);
  }

  /** The Cookie header the browser would send to `url`. */
  cookies(url: string): string {
    return this.jar.getCookieStringSync(url);
  }

  /**
   * The headers the browser sends on a navigation to `url` from the page at `from` (none: typed in
   * the address bar): its User-Agent, cookies, Referer (strict-origin-when-cross-origin), and for a POST its
   * Origin and content type. No Sec-Fetch-*: Chromium's requests as caught in
   * tests/e2e/form-driver.test.ts have none (the portal then judges by Origin).
   */
  headersFor(method: "GET" | "POST", url: string, from?: string, contentType?: string): Record<string, string> {
    const headers: Record<string, string> = { accept: ACCEPT, "accept-language": "en-US", "user-agent": this.userAgent };
    const cookie = this.jar.getCookieStringSync(url);
    if (cookie) headers.cookie = cookie;
    if (from) {
      const source = new URL(from);
      headers.referer = source.origin === new URL(url).origin ? source.href.replace(/#.*$/, "") : `${source.origin}/`;
    }
    if (method === "POST") {
      headers.origin = from ? new URL(from).origin : "null";
      headers["content-type"] = contentType!;
    }
    return headers;
  }

  private async navigate(method: "GET" | "POST", url: string, body: { body: Buffer; contentType: string } | undefined, referer?: string): Promise<Page> {
    const chain: string[] = [];
    for (let hop = 0; hop < 20; hop++) {
      const headers = this.headersFor(method, url, referer, body?.contentType);
      this.sent.push({ method, url, contentType: body?.contentType, body: body?.body });
      const res = await fetch(url, { method, headers, body: method === "POST" ? new Uint8Array(body!.body) : undefined, redirect: "manual" });
      for (const line of res.headers.getSetCookie()) {
        try {
          this.jar.setCookieSync(line, url, { ignoreError: true });
        } catch {
          /* a cookie the browser would drop too */
        }
      }
      chain.push(url);
      const location = res.headers.get("location");
      if ([301, 302, 303, 307, 308].includes(res.status) && location) {
        await res.arrayBuffer();
        const next = new URL(location, url).href;
        // 303, and 301/302 after a POST, become a GET; 307/308 keep the method and body.
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === "POST")) {
          method = "GET";
          body = undefined;
        }
        // A redirect keeps the referrer of the first request (the page the person was on).
        url = next;
        continue;
      }
      const html = await res.text();
      return new Page(this, url, res.status, res.headers, html, chain);
    }
    throw new Error(`more than 20 redirects from ${chain[0]}`);
  }
}
