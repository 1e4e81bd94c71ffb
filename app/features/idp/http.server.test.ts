import type { KoaContext } from "oidc-provider";
import { describe, expect, it } from "vitest";
import { HttpError, readForm } from "./http.server";

/** The little of a Koa context readForm uses: the headers and the body stream. */
const ctx = (body: Uint8Array, type = "application/x-www-form-urlencoded") =>
  ({ get: (h: string) => ({ "content-type": type, "content-length": String(body.byteLength) })[h.toLowerCase()] ?? "", req: [Buffer.from(body)] }) as unknown as KoaContext;

describe("the provider's form reader", () => {
  it("reads UTF-8 text as URLSearchParams does", async () => {
    const form = await readForm(ctx(Buffer.from("email=ren%C3%A9e%40example.com&password=p+w%EF%BF%BD")));
    expect([...form]).toEqual([["email", "ren\u00e9e@example.com"], ["password", "p w\ufffd"]]);
  });

  it("refuses a name or value that is not UTF-8 with 400 instead of reading it as U+FFFD (decision 0039)", async () => {
    for (const body of [Buffer.from("email=a%FF%40example.com"), Buffer.from("email=a%C0%80"), Uint8Array.from([...Buffer.from("email="), 0xff])]) {
      const error = await readForm(ctx(body)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(400);
    }
  });
});
