import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FORM_MESSAGES, MAX_FORM_FIELDS, MAX_LIST_INDEX, readForm } from "./form.server";

const post = (body: BodyInit | null, contentType: string | null = "application/x-www-form-urlencoded") =>
  new Request("http://localhost/appoint?id=1", {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
  });

async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return { status: e.status, message: await e.text() };
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("readForm", () => {
  it("reads a urlencoded form, nested names and list indexes included", async () => {
    const fd = await readForm(post("section=PERSONAL&home.city=Austin&answers[0].answer=Y&answers[12].answer=N"));
    expect([...fd.entries()]).toEqual([
      ["section", "PERSONAL"],
      ["home.city", "Austin"],
      ["answers[0].answer", "Y"],
      ["answers[12].answer", "N"],
    ]);
  });

  it("takes a list of the form's schema (a checkbox group) more than once, any other name once", async () => {
    const schemas = [z.object({ states: z.array(z.string()).optional(), firstName: z.string() })];
    expect((await readForm(post("states=TX&states=FL"), { schemas })).getAll("states")).toEqual(["TX", "FL"]);
    expect((await refusal(readForm(post("firstName=Ann&firstName=Bob"), { schemas }))).status).toBe(400);
    expect(await refusal(readForm(post("firstName=Ann&firstName=Bob")))).toEqual({ status: 400, message: FORM_MESSAGES.repeated("firstName") });
    expect((await refusal(readForm(post("states=TX&states=FL")))).status).toBe(400);
  });

  it("refuses a NUL character in a value or a name with 400 (PostgreSQL cannot store it: the save would fail)", async () => {
    expect(await refusal(readForm(post("firstName=Ann%00")))).toEqual({ status: 400, message: FORM_MESSAGES.nul });
    expect(await refusal(readForm(post("first%00Name=Ann")))).toEqual({ status: 400, message: FORM_MESSAGES.nul });
    const multipart = new FormData();
    multipart.append("imageName", "a\u0000b");
    expect(await refusal(readForm(new Request("http://localhost/x", { method: "POST", body: multipart }), { multipart: true }))).toEqual({ status: 400, message: FORM_MESSAGES.nul });
    expect([...(await readForm(post("firstName=Ann%01"))).entries()]).toEqual([["firstName", "Ann\u0001"]]);
  });

  it("refuses a name or value that is not UTF-8 with 400 instead of reading it as U+FFFD, and keeps UTF-8 text as it is", async () => {
    for (const body of ["firstName=%FF", "firstName=Ann%C0%80", "first%E2%82=Ann", "a=1&b=%ED%A0%80"]) {
      expect(await refusal(readForm(post(body))), body).toEqual({ status: 400, message: FORM_MESSAGES.notUtf8 });
    }
    expect(await refusal(readForm(post(Uint8Array.from([...Buffer.from("firstName=Ann"), 0xff]))))).toEqual({ status: 400, message: FORM_MESSAGES.notUtf8 });
    expect([...(await readForm(post("firstName=Ren%C3%A9e+%EF%BF%BD&lastName=Bj%C3%B6rk"))).entries()]).toEqual([
      ["firstName", "Ren\u00e9e \ufffd"],
      ["lastName", "Bj\u00f6rk"],
    ]);
    const multipart = (value: Uint8Array) =>
      new Request("http://localhost/x", {
        method: "POST",
        body: Buffer.concat([Buffer.from('--B\r\nContent-Disposition: form-data; name="imageName"\r\n\r\n'), value, Buffer.from("\r\n--B--\r\n")]),
        headers: { "Content-Type": "multipart/form-data; boundary=B" },
      });
    expect(await refusal(readForm(multipart(Uint8Array.from([0x61, 0xff])), { multipart: true }))).toEqual({ status: 400, message: FORM_MESSAGES.notUtf8 });
    expect((await readForm(multipart(Buffer.from("Logo \u00e9t\u00e9")), { multipart: true })).get("imageName")).toBe("Logo \u00e9t\u00e9");
  });

  it("refuses bodies that are not a form with 400", async () => {
    for (const [body, type] of [
      ['{"a":1}', "application/json"],
      ["a=1", "text/plain"],
      ["a=1", null],
    ] as const) {
      expect(await refusal(readForm(post(body, type)))).toEqual({ status: 400, message: FORM_MESSAGES.notAForm });
    }
    // Multipart only where the route takes it.
    const fd = new FormData();
    fd.set("a", "1");
    const multipart = new Request("http://localhost/x", { method: "POST", body: fd });
    expect((await refusal(readForm(multipart.clone()))).status).toBe(400);
    expect((await readForm(multipart, { multipart: true })).get("a")).toBe("1");
    const broken = post('--X\r\nContent-Disposition: form-data; name="a\r\n\r\n1', "multipart/form-data; boundary=X");
    expect(await refusal(readForm(broken, { multipart: true }))).toEqual({ status: 400, message: FORM_MESSAGES.unreadable });
  });

  it("caps list indexes, names and reserved names", async () => {
    expect((await readForm(post(`answers[${MAX_LIST_INDEX}].answer=Y`))).get(`answers[${MAX_LIST_INDEX}].answer`)).toBe("Y");
    for (const body of [`x[${MAX_LIST_INDEX + 1}]=1`, "x[99999999]=1", "states[5000000]=x", "a[1][0000000000000000002]=1"]) {
      expect(await refusal(readForm(post(body))), body).toEqual({ status: 400, message: FORM_MESSAGES.longList });
    }
    for (const body of ["__state__=%7B", "__intent__=%7B", "a]b=1", "[0]=1", ".a=1", "a..b=1", "a[]=1", "__proto__.x=1", "a.constructor=1", `${"n".repeat(201)}=1`]) {
      expect(await refusal(readForm(post(body))), body).toEqual({ status: 400, message: FORM_MESSAGES.badName });
    }
  });

  it("caps the number of fields and the bytes with 413", async () => {
    const many = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => `f${i}=1`).join("&");
    expect(await refusal(readForm(post(many)))).toEqual({ status: 413, message: FORM_MESSAGES.tooManyFields });
    expect((await readForm(post(many), { maxFields: MAX_FORM_FIELDS + 1 })).get("f0")).toBe("1");
    expect(await refusal(readForm(post(`a=${"x".repeat(2000)}`), { maxBytes: 1000 }))).toEqual({ status: 413, message: FORM_MESSAGES.tooLarge });
  });

  it("answers a whole HTML page for a route without one of its own", async () => {
    const r = (await readForm(post("a=1", "text/plain"), { standalone: true }).catch((e: unknown) => e)) as Response;
    expect(r.status).toBe(400);
    expect(r.headers.get("Content-Type")).toContain("text/html");
    const html = await r.text();
    expect(html).toContain(FORM_MESSAGES.notAForm);
    expect(html).toContain("Nothing was saved");
  });
});
