import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { UPLOAD_MAX_BYTES } from "~/lib/upload-policy";
import { LICENCE_MESSAGES as M } from "./messages";
import { LICENCE_SCREEN } from "./screen-messages";
import { credentialSchema, licenceSchema } from "./schema";

const form = (o: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(o)) f.append(k, v);
  return f;
};
const errors = (schema: Parameters<typeof parseWithZod>[1]["schema"], o: Record<string, string>) => {
  const s = parseWithZod(form(o), { schema });
  return s.status === "error" ? s.error : null;
};

describe("license form", () => {
  it("parses a license", () => {
    const s = parseWithZod(form({ stateCode: "tx", licenceNumber: " 123 ", loaLife: "on", expiryDate: "2027-06-30" }), { schema: licenceSchema });
    expect(s.status === "success" && s.value).toMatchObject({ stateCode: "TX", licenceNumber: "123", loaLife: true, loaAccidentHealth: false, expiryDate: "2027-06-30", effectiveDate: null, status: "ACTIVE", licenceClass: "Insurance Producer" });
  });
  it("says what is wrong next to the field", () => {
    expect(errors(licenceSchema, { stateCode: "" })).toMatchObject({ stateCode: [M.stateRequired], loaLife: [M.lineRequired] });
    expect(errors(licenceSchema, { stateCode: "ZZ", loaLife: "on" })).toMatchObject({ stateCode: [M.stateUnknown] });
    expect(errors(licenceSchema, { stateCode: "TX", loaLife: "on", expiryDate: "2027-02-30" })).toMatchObject({ expiryDate: [M.dateInvalid] });
    expect(errors(licenceSchema, { stateCode: "TX", loaLife: "on", effectiveDate: "2027-02-01", expiryDate: "2027-01-01" })).toMatchObject({ expiryDate: [M.expiryBeforeEffective] });
    expect(errors(licenceSchema, { stateCode: "TX", loaLife: "on", licenceNumber: "x".repeat(26) })).toMatchObject({ licenceNumber: [M.numberTooLong] });
  });
});

describe("credential form", () => {
  it("E&O needs a policy number and an expiry", () => {
    expect(errors(credentialSchema, { kind: "EO" })).toMatchObject({ policyNumber: [M.policyRequired], expiryDate: [M.expiryRequired] });
    const s = parseWithZod(form({ kind: "EO", policyNumber: "P-1", coverageLimit: "1000000", expiryDate: "2027-12-31", validMonths: "12" }), { schema: credentialSchema });
    expect(s.status === "success" && s.value).toMatchObject({ kind: "EO", expiryDate: "2027-12-31", coverageLimit: "1000000", validMonths: null });
  });
  it("training expires validMonths after completion, the day before", () => {
    const s = parseWithZod(form({ kind: "AML", effectiveDate: "2026-03-15", validMonths: "12" }), { schema: credentialSchema });
    expect(s.status === "success" && s.value.expiryDate).toBe("2027-03-14");
    expect(errors(credentialSchema, { kind: "PRODUCT_TRAINING" })).toMatchObject({ courseName: [M.courseRequired], effectiveDate: [M.completionRequired] });
    expect(errors(credentialSchema, { kind: "AML", effectiveDate: "2026-03-15", validMonths: "0" })).toMatchObject({ validMonths: [M.validMonthsRange] });
  });
  it("in the browser, refuses a certificate over the application's upload limit next to the file field (with the other fields' messages)", () => {
    const withFile = (size: number, fields: Record<string, string>) => {
      const f = form(fields);
      f.append("certificate", new File([new Uint8Array(size)], "cert.pdf", { type: "application/pdf" }));
      const s = parseWithZod(f, { schema: credentialSchema });
      return { status: s.status, error: s.status === "error" ? s.error : undefined };
    };
    const eo = { kind: "EO", policyNumber: "P-1", expiryDate: "2027-12-31" };
    expect(withFile(UPLOAD_MAX_BYTES + 1, eo).error).toEqual({ certificate: [LICENCE_SCREEN.certificateTooBig] });
    expect(withFile(UPLOAD_MAX_BYTES + 1, { kind: "EO" }).error).toMatchObject({ certificate: [LICENCE_SCREEN.certificateTooBig], policyNumber: [M.policyRequired] });
    expect(withFile(UPLOAD_MAX_BYTES, eo).status).toBe("success");
  });
});
