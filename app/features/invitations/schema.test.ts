// §5 'Send invitation' through the shared schema (the same one conform runs in the browser).
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { INVITE_MESSAGES as M } from "./messages";
import { BODY_MAX_BYTES, previewSchema, sendSchema, templateLoadSchema } from "./schema";

const valid = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  ccEmail: "",
  templateId: "3",
  body: "<p>Hello [[ProspectFirstName]]</p>",
  confirm: "yes",
  formToken: "0b5e0d8e-6c4c-4a52-9d55-0f9f8b4c1a11",
};

function parse(values: Record<string, string>, schema = sendSchema) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.append(k, v);
  return parseWithZod(fd, { schema });
}
const errors = (values: Record<string, string>) => {
  const r = parse(values);
  return r.status === "success" ? {} : (r.reply().error ?? {});
};

describe("send invitation form", () => {
  it("accepts a complete form; CC is optional", () => {
    const r = parse(valid);
    expect(r.status).toBe("success");
    if (r.status === "success") {
      expect(r.value.ccEmail).toBeUndefined();
      expect(r.value.templateId).toBe(3);
    }
  });

  it.each(["firstName", "lastName", "email"])("%s must be filled: 'All fields except for CC Email Address need to be filled in'", (field) => {
    expect(errors({ ...valid, [field]: "" })[field]).toEqual([M.allFieldsRequired]);
    expect(errors({ ...valid, [field]: "   " })[field]).toEqual([M.allFieldsRequired]);
  });

  it("checks the email formats", () => {
    expect(errors({ ...valid, email: "ada@" }).email).toEqual([M.emailInvalid]);
    expect(errors({ ...valid, ccEmail: "boss" }).ccEmail).toEqual([M.ccInvalid]);
    expect(errors({ ...valid, ccEmail: "boss@example.com" })).toEqual({});
  });

  it("caps every field", () => {
    expect(errors({ ...valid, firstName: "x".repeat(51) }).firstName).toEqual([M.tooLong("First Name", 50)]);
    expect(errors({ ...valid, lastName: "x".repeat(51) }).lastName).toEqual([M.tooLong("Last Name", 50)]);
    expect(errors({ ...valid, email: `${"x".repeat(250)}@e.com` }).email?.[0]).toBe(M.tooLong("Email Address", 254));
    expect(errors({ ...valid, body: "é".repeat(BODY_MAX_BYTES / 2 + 1) }).body).toEqual([M.bodyTooLarge]);
    expect(errors({ ...valid, body: "x".repeat(BODY_MAX_BYTES) })).toEqual({});
    expect(errors({ ...valid, templateId: "99999999999" }).templateId).toEqual([M.templateRequired]);
    expect(errors({ ...valid, formToken: "not-a-token" }).formToken).toBeDefined();
  });

  it("needs a template and a body", () => {
    expect(errors({ ...valid, templateId: "" }).templateId).toEqual([M.templateRequired]);
    expect(errors({ ...valid, body: "" }).body).toEqual([M.bodyRequired]);
    expect(errors({ ...valid, body: "<p><br></p>" }).body).toEqual([M.bodyRequired]);
    expect(errors({ ...valid, body: '<p><img src="https://x/y.png"></p>' })).toEqual({});
    // Issue 20: nothing visible once sanitized is empty too (the same function checks the sanitized text on send).
    for (const body of ["<script>alert(1)</script>", "<p>&nbsp; &#160;\u200b</p>", "<style>p{color:red}</style><!-- note -->", "<p><img></p>", "<textarea>x</textarea>"]) {
      expect(errors({ ...valid, body }).body, body).toEqual([M.bodyRequired]);
    }
    expect(errors({ ...valid, body: "<script>x</script><p>Hi</p>" })).toEqual({});
  });

  it("needs the confirmation before sending", () => {
    expect(errors({ ...valid, confirm: "" }).confirm).toEqual([M.confirmRequired]);
    expect(errors({ ...valid, confirm: "no" }).confirm).toEqual([M.confirmRequired]);
  });

  it("a preview checks everything but the confirmation", () => {
    expect(parse({ ...valid, confirm: "" }, previewSchema as never).status).toBe("success");
    expect(parse({ ...valid, confirm: "", email: "user@localhost" }, previewSchema as never).status).toBe("error");
  });

  it("loading a template needs only the template", () => {
    const r = parse({ templateId: "8", firstName: "A" }, templateLoadSchema as never);
    expect(r.status).toBe("success");
  });
});
