// Spec part 1 §5 'Profile': every rule and message.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { PROFILE_MESSAGES } from "./messages";
import { profilePhoneDigits, profileSchema } from "./schema";

const good = { firstName: "Ada", middleName: "B", lastName: "Lovelace", phoneNumber: "512-555 0111" };
function parse(values: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.append(k, v);
  return parseWithZod(fd, { schema: profileSchema });
}

describe("profile schema", () => {
  it("takes the four fields and keeps the phone's 10 digits", () => {
    const s = parse(good);
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value).toEqual({ ...good, phoneNumber: "5125550111" });
  });

  it("requires first, middle and last name and phone, naming each", () => {
    const s = parse({ firstName: " ", middleName: "", lastName: "", phoneNumber: "" });
    expect(s.status === "error" ? s.error : null).toEqual({
      firstName: [PROFILE_MESSAGES.required("First Name")],
      middleName: [PROFILE_MESSAGES.middleNameMissing],
      lastName: [PROFILE_MESSAGES.required("Last Name")],
      phoneNumber: [PROFILE_MESSAGES.required("Phone Number")],
    });
    expect(PROFILE_MESSAGES.required("First Name")).toBe("First Name is required");
  });

  it("the middle name is answered by a name or by 'I have no middle name', not both (decision 0096)", () => {
    const none = parse({ ...good, middleName: "", noMiddleName: "on" });
    expect(none.status).toBe("success");
    if (none.status === "success") expect(none.value.middleName).toBeUndefined();
    const missing = parse({ ...good, middleName: "  " });
    expect(missing.status === "error" ? missing.error : null).toEqual({ middleName: [PROFILE_MESSAGES.middleNameMissing] });
    const both = parse({ ...good, noMiddleName: "on" });
    expect(both.status === "error" ? both.error : null).toEqual({ middleName: [PROFILE_MESSAGES.middleNameAndNone] });
  });

  it("phone: 10 digits after removing dashes and spaces, else 'Phone Number is invalid'", () => {
    expect(profilePhoneDigits("512 555-0111")).toBe("5125550111");
    for (const bad of ["512-555-011", "(512) 555-0111", "51255501111", "512.555.0111", "phone"]) {
      const s = parse({ ...good, phoneNumber: bad });
      expect(s.status === "error" ? s.error : null).toEqual({ phoneNumber: ["Phone Number is invalid"] });
    }
  });

  it("caps every field", () => {
    const s = parse({ ...good, lastName: "x".repeat(51), phoneNumber: "5".repeat(1000) });
    expect(s.status === "error" ? s.error : null).toEqual({
      lastName: [PROFILE_MESSAGES.tooLong("Last Name", 50)],
      phoneNumber: [PROFILE_MESSAGES.phoneInvalid],
    });
  });
});
