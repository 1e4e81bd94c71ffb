// The form driver's reading of forms (tests/support/form-driver.ts), on small HTML: defaults as a
// browser takes them, disabled controls, form= owners, formaction/formmethod/formenctype, the
// browser-side refusals, controls found by their label (and not found without one), the answer
// read as a person reads it. What it sends compared with Chromium: tests/e2e/form-driver.test.ts.
import { describe, expect, it } from "vitest";
import { BrowserRefusal, encodeBody, Page, Visitor } from "../support/form-driver";

const URL_ = "http://localhost:3000/things?x=1";
const page = (body: string) => Page.of(`<!doctype html><html><head><title>T</title></head><body>${body}</body></html>`, URL_);
const strings = (entries: ReturnType<ReturnType<Page["form"]>["entries"]>) => entries.map(([n, v]) => [n, typeof v === "string" ? v : `file:${v.name}`]);

describe("reading a form's defaults", () => {
  it("takes every control as the browser would: checked boxes and radios, selected and first options, textarea text, hidden fields", () => {
    const p = page(`
      <form method="post" action="/save">
        <input type="hidden" name="token" value="abc">
        <label>First <input name="first" value="Dana"></label>
        <label for="notes">Notes</label><textarea id="notes" name="notes">line one
line two</textarea>
        <select name="state" aria-label="State"><option value="OH">Ohio</option><option value="TX">Texas</option></select>
        <select name="kind" aria-label="Kind"><option value="a">A</option><option value="b" selected>B</option></select>
        <select name="many" multiple aria-label="Many"><option selected>x</option><option>y</option><option selected value="zz">z</option></select>
        <input type="checkbox" name="box" checked aria-label="Box"><input type="checkbox" name="off" value="1" aria-label="Off">
        <input type="radio" name="r" value="1" aria-label="One"><input type="radio" name="r" value="2" checked aria-label="Two">
        <input name="nameless-not" form="elsewhere"><input value="no name">
        <button name="intent" value="save">SAVE</button><button name="intent" value="other">OTHER</button>
      </form>`);
    const form = p.form("SAVE");
    expect(strings(form.entries())).toEqual([
      ["token", "abc"],
      ["first", "Dana"],
      ["notes", "line one\nline two"],
      ["state", "OH"],
      ["kind", "b"],
      ["many", "x"],
      ["many", "zz"],
      ["box", "on"],
      ["r", "2"],
    ]);
    const built = form.request("SAVE");
    expect(built).toMatchObject({ method: "POST", url: "http://localhost:3000/save", enctype: "application/x-www-form-urlencoded" });
    // The clicked button's name and value, last in tree order; line breaks sent as CRLF.
    expect(encodeBody(built).body.toString()).toBe("token=abc&first=Dana&notes=line+one%0D%0Aline+two&state=OH&kind=b&many=x&many=zz&box=on&r=2&intent=save");
  });

  it("leaves out disabled controls (a disabled fieldset's too, but not its first legend's) and takes controls outside the form that name it with form=", () => {
    const p = page(`
      <input name="before" value="b" form="f">
      <form id="f" method="post">
        <input name="a" value="1">
        <input name="gone" value="x" disabled>
        <fieldset disabled><legend><input name="inlegend" value="kept"></legend><input name="infieldset" value="x"></fieldset>
        <select name="s" aria-label="S"><option disabled selected>pick</option><option>real</option></select>
        <button>Go</button>
      </form>
      <textarea name="after" form="f">t</textarea>
      <input name="other" value="not mine" form="nope">`);
    expect(strings(p.form("f").entries())).toEqual([
      ["before", "b"],
      ["a", "1"],
      ["inlegend", "kept"],
      ["after", "t"],
    ]);
  });

  it("honours formaction, formmethod, formenctype and formnovalidate of the clicked button; a GET form builds the query string", () => {
    const p = page(`
      <form action="/search?old=1" aria-label="Find">
        <label>Name <input name="q" required></label>
        <button>Find</button>
        <button formaction="/upload" formmethod="post" formenctype="multipart/form-data" formnovalidate name="b" value="u">Upload</button>
      </form>`);
    const form = p.form("Find");
    expect(() => form.request("Find")).toThrow(BrowserRefusal);
    form.fill("Name", "a b&c");
    expect(form.request("Find")).toMatchObject({ method: "GET", url: "http://localhost:3000/search?q=a+b%26c" });
    form.fill("Name", "");
    const up = form.request("Upload");
    expect(up).toMatchObject({ method: "POST", url: "http://localhost:3000/upload", enctype: "multipart/form-data" });
    const { body, contentType } = encodeBody(up);
    const boundary = contentType.split("boundary=")[1];
    expect(body.toString()).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="q"\r\n\r\n\r\n--${boundary}\r\nContent-Disposition: form-data; name="b"\r\n\r\nu\r\n--${boundary}--\r\n`,
    );
  });

  it("refuses what the browser refuses before sending: required, pattern, type=email, number min/max, a required box; maxlength cannot be typed past", () => {
    const p = page(`
      <form method="post" novalidate-not>
        <label>Code <input name="code" pattern="[A-Z]{3}" maxlength="3"></label>
        <label>Email <input name="email" type="email"></label>
        <label>Count <input name="n" type="number" min="1" max="5"></label>
        <label><input type="checkbox" name="ok" required> I agree</label>
        <label>Letter <input type="file" name="f" required></label>
        <button>Send</button>
      </form>`);
    const form = p.form("Send");
    form.fill("Code", "ab").fill("Email", "not-an-email").fill("Count", "9");
    expect(form.refusals("Send")).toEqual([
      { control: "Code", problem: "patternMismatch" },
      { control: "Email", problem: "typeMismatch" },
      { control: "Count", problem: "rangeOverflow" },
      { control: "I agree", problem: "valueMissing" },
      { control: "Letter", problem: "valueMissing" },
    ]);
    expect(() => form.fill("Code", "ABCD")).toThrow(/at most 3 characters/);
    form.fill("Code", "ABC").fill("Email", "a@example.com").fill("Count", "5").check("I agree").attach("Letter", { name: "a.pdf", mimeType: "application/pdf", buffer: "%PDF" });
    expect(form.refusals("Send")).toEqual([]);
    expect(strings(form.entries())).toEqual([
      ["code", "ABC"],
      ["email", "a@example.com"],
      ["n", "5"],
      ["ok", "on"],
      ["f", "file:a.pdf"],
    ]);
  });

  it("finds a control only by a label a person sees, and fails on none or two", () => {
    const p = page(`
      <form method="post">
        <input name="unlabelled">
        <label>Phone <input name="p1"></label><label>Phone <input name="p2"></label>
        <select name="s" aria-label="State"><option>Ohio</option></select>
        <label for="d">Disabled</label><input id="d" name="d" disabled>
        <button>Go</button>
      </form>`);
    const form = p.form("Go");
    expect(() => form.fill("unlabelled", "x")).toThrow(/no control labelled "unlabelled"/);
    expect(() => form.fill("Phone", "x")).toThrow(/2 elements answer/);
    expect(() => form.fill("State", "x")).toThrow(/is a select/);
    expect(() => form.select("State", "Texas")).toThrow(/no option "Texas"/);
    expect(() => form.fill("Disabled", "x")).toThrow(/is disabled/);
    expect(() => p.form("Nope")).toThrow(/no form answers to "Nope"/);
  });

  it("reads the answer as a person: headings, the message beside a field, banners, hidden text left out", () => {
    const p = page(`
      <main><h1>Profile</h1>
      <div role="alert"><strong>Missing or Invalid</strong> Fix the fields below.</div>
      <div role="status" hidden>Saved</div>
      <form method="post">
        <label for="fn">First Name</label>
        <input id="fn" name="firstName" aria-invalid="true" aria-describedby="fn-hint fn-error">
        <p id="fn-hint">As on your license.</p><p id="fn-error" class="field__error">First name is required</p>
        <fieldset aria-describedby="lines-error"><legend>Lines of authority</legend>
          <label><input type="checkbox" name="life"> Life</label></fieldset>
        <p id="lines-error">Choose a line</p>
        <button>SAVE</button>
      </form>
      <template><p>never shown</p></template>
      <details><summary>More</summary><p>folded</p></details></main>`);
    expect(p.heading()).toBe("Profile");
    expect(p.title).toBe("T");
    expect(p.banners()).toEqual(["Missing or Invalid Fix the fields below."]);
    expect(p.fieldError("First Name")).toBe("First name is required");
    expect(p.fieldError("Lines of authority")).toBe("Choose a line");
    expect(p.shows("never shown")).toBe(false);
    expect(p.shows("folded")).toBe(false);
    expect(p.shows("More")).toBe(true);
    expect(p.within("group", "Lines of authority").shows("Life")).toBe(true);
  });

  it("closes a server-rendered dialog with its method=dialog button (nothing sent) and opens a <details> by its summary; a radio by its label or its group", async () => {
    const p = page(`
      <dialog open aria-labelledby="d-t"><h2 id="d-t">Saved!</h2><p>All good.</p>
        <form method="dialog"><button value="ok">OK</button></form></dialog>
      <details><summary>Upload a Document</summary>
        <form method="post" enctype="multipart/form-data"><label>Choose a file <input type="file" name="f"></label><button>Upload</button></form></details>`);
    expect(p.within("dialog", "Saved!").shows("All good.")).toBe(true);
    const after = await p.within("dialog", "Saved!").click("OK");
    expect(after).toBe(p);
    expect(p.visitor.sent).toEqual([]);
    expect(p.all("dialog")).toEqual([]);
    expect(() => p.form("Upload").attach("Choose a file", { name: "a.pdf", buffer: "%PDF-" })).toThrow(/no form/);
    p.toggle("Upload a Document");
    // A radio named like a fieldset's legend is the radio (a form's elements hold its fieldsets too); a question's 'No' by its group.
    const q = page(`<form><label><input type="radio" name="pay" value="D"> Direct Deposit</label><fieldset><legend>Direct Deposit</legend><label>Bank <input name="bank"></label></fieldset>
      <fieldset><legend>Ever convicted?</legend><label><input type="radio" name="a1" value="Y"> Yes</label><label><input type="radio" name="a1" value="N"> No</label></fieldset>
      <fieldset><legend>Ever bankrupt?</legend><label><input type="radio" name="a2" value="Y"> Yes</label><label><input type="radio" name="a2" value="N"> No</label></fieldset><button>SAVE</button></form>`);
    const qf = q.form("SAVE").check("Direct Deposit").check("No", "Ever bankrupt?");
    expect(() => qf.check("No")).toThrow(/2 elements answer/);
    expect(strings(qf.entries())).toEqual([["pay", "D"], ["bank", ""], ["a2", "N"]]);
    expect(qf.controlOf("Bank").getAttribute("name")).toBe("bank");
    expect(strings(p.form("Upload").attach("Choose a file", { name: "a.pdf", buffer: "%PDF-" }).entries())).toEqual([["f", "file:a.pdf"]]);
  });

  it("fills, unticks and reads a control by its label inside the group of a legend when several answer to the label", () => {
    const p = page(`<form method="post"><fieldset><legend>Submitted</legend><label><input type="checkbox" name="s.on" checked> Email me</label><label>Email addresses <input name="s.to" value="a@x.org"></label></fieldset>
      <fieldset><legend>Approved</legend><label><input type="checkbox" name="a.on" checked> Email me</label><label>Email addresses <input name="a.to" value="b@x.org"></label></fieldset><button>SAVE</button></form>`);
    const f = p.form("SAVE");
    expect(() => f.fill("Email addresses", "c@x.org")).toThrow(/2 elements answer/);
    f.fill("Email addresses", "c@x.org", "Approved").uncheck("Email me", "Submitted");
    expect(f.value("Email addresses", "Submitted")).toBe("a@x.org");
    expect(f.value("Email addresses", "Approved")).toBe("c@x.org");
    expect(f.checked("Email me", "Submitted")).toBe(false);
    expect(f.checked("Email me", "Approved")).toBe(true);
    expect(strings(f.entries())).toEqual([["s.to", "a@x.org"], ["a.on", "on"], ["a.to", "c@x.org"]]);
  });
});

describe("the headers it sends", () => {
  it("names a browser in User-Agent on every request, as every browser does (the portal records it: sessions, signature evidence)", () => {
    const visitor = new Visitor();
    const get = visitor.headersFor("GET", "http://localhost:3000/profile");
    const post = visitor.headersFor("POST", "http://localhost:3000/profile", "http://localhost:3000/profile", "application/x-www-form-urlencoded");
    for (const headers of [get, post]) expect(headers["user-agent"]).toMatch(/^Mozilla\/5\.0 \(/);
    expect(get["user-agent"]).toBe(visitor.userAgent);
    expect(new Visitor("Mozilla/5.0 (Other)").headersFor("GET", "http://localhost:3000/")["user-agent"]).toBe("Mozilla/5.0 (Other)");
  });
});
