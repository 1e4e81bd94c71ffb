import { describe, expect, it } from "vitest";
import { addressIsUtf8, decodeUtf8Prefix, multipartTextIsUtf8, parseUrlencoded } from "./utf8.server";

const bytes = (s: string) => Buffer.from(s, "latin1");

describe("parseUrlencoded", () => {
  it("reads what URLSearchParams reads when the text is UTF-8", () => {
    for (const body of [
      "a=1&b=2",
      "a=%C3%A9t%C3%A9&b=+x+y%2B",
      "&&a&=v&b==c&%zz=%4&%E2%82%AC=%F0%9F%98%80",
      "name=%EF%BB%BFbom&x=%EF%BF%BD",
      "",
      "a=caf\u00e9",
    ]) {
      expect(parseUrlencoded(Buffer.from(body, "utf8")), body).toEqual([...new URLSearchParams(body)]);
    }
  });

  it("gives null for a name or value that is not UTF-8 once percent-decoded (URLSearchParams would put U+FFFD)", () => {
    for (const body of ["a=%FF", "a=%C0%80", "a=%ED%A0%80", "a=%E2%82", "%FF=1", "a=1&b=x%F8y"]) {
      expect(new URLSearchParams(body).toString(), body).toContain("%EF%BF%BD");
      expect(parseUrlencoded(bytes(body)), body).toBeNull();
    }
    // A raw byte that is not UTF-8 in the body itself.
    expect(parseUrlencoded(Uint8Array.from([0x61, 0x3d, 0xff]))).toBeNull();
  });
});

describe("addressIsUtf8", () => {
  it("takes ordinary addresses and refuses bytes that are not UTF-8", () => {
    expect(addressIsUtf8("/agent?h=1&agentNumber=A%C3%A9")).toBe(true);
    expect(addressIsUtf8("/reports?q=%zz%4")).toBe(true);
    expect(addressIsUtf8("/agent?q=%FF")).toBe(false);
    expect(addressIsUtf8("/view/%C0%80")).toBe(false);
    expect(addressIsUtf8("/agent?q=\u00ff")).toBe(false);
  });
});

describe("decodeUtf8Prefix", () => {
  it("leaves out a character cut at the end, refuses other bytes", () => {
    expect(decodeUtf8Prefix(Buffer.from("ab\u20ac", "utf8").subarray(0, 4))).toBe("ab");
    expect(decodeUtf8Prefix(Uint8Array.from([0x61, 0xff, 0x62]))).toBeNull();
  });
});

describe("multipartTextIsUtf8", () => {
  const type = "multipart/form-data; boundary=XyZ";
  const body = (parts: Buffer[]) => Buffer.concat([...parts.flatMap((p) => [Buffer.from("--XyZ\r\n"), p, Buffer.from("\r\n")]), Buffer.from("--XyZ--\r\n")]);
  const text = (name: string, value: Buffer) => Buffer.concat([Buffer.from(`Content-Disposition: form-data; name="${name}"\r\n\r\n`), value]);
  const file = (value: Buffer) => Buffer.concat([Buffer.from(`Content-Disposition: form-data; name="f"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), value]);

  it("refuses a text part that is not UTF-8, takes any bytes in a file", () => {
    expect(multipartTextIsUtf8(body([text("a", Buffer.from("caf\u00e9"))]), type)).toBe(true);
    expect(multipartTextIsUtf8(body([text("a", Buffer.from("ok")), file(Buffer.from([0xff, 0xfe, 0x00]))]), type)).toBe(true);
    expect(multipartTextIsUtf8(body([text("a", Buffer.from("ok")), text("b", Buffer.from([0x61, 0xff]))]), type)).toBe(false);
    expect(multipartTextIsUtf8(body([text("caf\u00e9", Buffer.from("ok"))]), type)).toBe(true);
    expect(multipartTextIsUtf8(body([Buffer.concat([Buffer.from('Content-Disposition: form-data; name="'), Buffer.from([0xff]), Buffer.from('"\r\n\r\nok')])]), type)).toBe(false);
  });
});
