// The HTTP server's body caps by path (server/http-server.ts bodyLimitFor): exact paths, and '/*'
// for one more segment (the credential form's certificate on /licences/<npn>, decision 0084).
import { describe, expect, it } from "vitest";
import { bodyLimitFor, MAX_BODY_BYTES } from "../../server/http-server";

describe("bodyLimitFor", () => {
  const limits = { "/appoint/upload": 10, "/licences": 20, "/licences/*": 30 };
  it("gives a path its own cap, a '/*' key the paths one segment below it, the rest the default", () => {
    expect(bodyLimitFor("/appoint/upload", limits)).toBe(10);
    expect(bodyLimitFor("/licences", limits)).toBe(20);
    expect(bodyLimitFor("/licences/5550001", limits)).toBe(30);
    for (const p of ["/licences/", "/licences/5550001/lookup", "/licencesx", "/", "/appoint/upload/x", "/profile"]) expect(bodyLimitFor(p, limits), p).toBe(MAX_BODY_BYTES);
  });
});
