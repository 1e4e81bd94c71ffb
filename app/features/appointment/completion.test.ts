// Completion weights and percent (spec part 2 §9) and the deficiency list.
import { describe, expect, test } from "vitest";
import { completion, completionWeights, sectionErrors } from "./completion";
import { testContext, validApplication } from "./fixtures";
import { type AppointmentTypeCode, type InvitationFlavour } from "./model";
import { EMPTY_APPLICATION, type ApplicationData } from "./form-data";

type Row = {
  type: AppointmentTypeCode;
  flavour: InvitationFlavour;
  fax: boolean;
  /** personal, commissions, fees, agreements, documents */
  weights: [number, number, number, number, number];
};

// Checks of an empty application (what each section can fail): personal I/VI 34 (9 basics, 4 home, 15 answers,
// Q&A signature, the background check's disclosure and authorisation, W-9 name, type, signature), C/B/VC 42
// (+ W-9 business name + business name, phone, tax id and 4 address fields), R/P 31 (no W-9).
const PERSONAL_CHECKS: Record<string, number> = { I: 34, C: 42, R: 31 };
const personalChecks = (type: AppointmentTypeCode) =>
  ["APPTTYP_CORP", "APPTTYP_VB_CORP", "APPTTYP_BOTH"].includes(type)
    ? PERSONAL_CHECKS.C
    : ["APPTTYP_REP", "APPTTYP_PRIN"].includes(type)
      ? PERSONAL_CHECKS.R
      : PERSONAL_CHECKS.I;
const rows: Row[] = [
  { type: "APPTTYP_IND", flavour: "STANDARD", fax: false, weights: [36, 9, 2, 4, 13] },
  { type: "APPTTYP_IND", flavour: "STANDARD", fax: true, weights: [36, 9, 2, 4, 10] },
  { type: "APPTTYP_WVB", flavour: "STANDARD", fax: false, weights: [36, 9, 2, 4, 13] },
  { type: "APPTTYP_WVB", flavour: "STANDARD", fax: true, weights: [36, 9, 2, 4, 10] },
  { type: "APPTTYP_CORP", flavour: "STANDARD", fax: false, weights: [43, 9, 2, 4, 13] },
  { type: "APPTTYP_CORP", flavour: "STANDARD", fax: true, weights: [43, 9, 2, 4, 10] },
  { type: "APPTTYP_VB_CORP", flavour: "STANDARD", fax: false, weights: [43, 9, 2, 4, 13] },
  { type: "APPTTYP_VB_CORP", flavour: "STANDARD", fax: true, weights: [43, 9, 2, 4, 10] },
  { type: "APPTTYP_BOTH", flavour: "STANDARD", fax: false, weights: [43, 9, 2, 4, 15] },
  { type: "APPTTYP_BOTH", flavour: "STANDARD", fax: true, weights: [43, 9, 2, 4, 12] },
  { type: "APPTTYP_REP", flavour: "STANDARD", fax: false, weights: [33, 9, 2, 4, 13] },
  { type: "APPTTYP_REP", flavour: "STANDARD", fax: true, weights: [33, 9, 2, 4, 10] },
  { type: "APPTTYP_PRIN", flavour: "STANDARD", fax: false, weights: [33, 9, 2, 4, 13] },
  { type: "APPTTYP_PRIN", flavour: "STANDARD", fax: true, weights: [33, 9, 2, 4, 10] },
  // A VB invitation drops the fees; VB custom also removes 3 points from commissions.
  { type: "APPTTYP_IND", flavour: "VB", fax: false, weights: [36, 9, 0, 4, 13] },
  { type: "APPTTYP_VB_CORP", flavour: "VB", fax: false, weights: [43, 9, 0, 4, 13] },
  { type: "APPTTYP_IND", flavour: "VB_CUSTOM", fax: false, weights: [36, 6, 0, 4, 13] },
  { type: "APPTTYP_VB_CORP", flavour: "VB_CUSTOM", fax: false, weights: [43, 6, 0, 4, 13] },
  { type: "APPTTYP_BOTH", flavour: "VB_CUSTOM", fax: true, weights: [43, 6, 0, 4, 12] },
];

describe.each(rows.map((r) => [`${r.type} ${r.flavour} ${r.fax ? "fax" : "no fax"}`, r] as const))("§9 %s", (_l, r) => {
  const ctx = testContext({ appointmentTypeCode: r.type, flavour: r.flavour, willFax: r.fax, hasUploaded: {} });
  const total = r.weights.reduce((a, b) => a + b, 0);
  const withFax = (d: ApplicationData): ApplicationData => ({ ...d, documents: { ...d.documents, willFax: r.fax } });

  test("weights", () => {
    const w = completionWeights(ctx);
    expect([w.PERSONAL, w.COMMS, w.FEES, w.AGREEMENTS, w.DOCS]).toEqual(r.weights);
    const s = completion(withFax(validApplication(r.type, r.flavour)), testContext({ ...ctx, hasUploaded: { DOCTYP_EO_CERT: true } })).sections;
    expect([s.PERSONAL.weight, s.COMMS.weight, s.FEES.weight, s.AGREEMENTS.weight, s.DOCS.weight]).toEqual(r.weights);
  });

  // An empty application earns nothing, except the documents section when it
  // has nothing to check (faxing, or a principal whose E&O counts as present).
  const docsFree = r.fax || r.type === "APPTTYP_PRIN";
  test(`empty application → ${docsFree ? "the documents weight only" : "0%"}`, () => {
    const c = completion(withFax(EMPTY_APPLICATION), ctx);
    expect(c.percent).toBe(docsFree ? Math.round((100 * r.weights[4]) / total) : 0);
    expect(c.sections.PERSONAL.checks).toBe(personalChecks(r.type));
    expect(c.complete.PERSONAL).toBe(false);
    expect(c.deficiencies.length).toBeGreaterThan(0);
  });

  test("complete application → 100%, every section checked, no deficiency", () => {
    const c = completion(withFax(validApplication(r.type, r.flavour)), testContext({ ...ctx, hasUploaded: { DOCTYP_EO_CERT: true } }));
    expect(c.deficiencies).toEqual([]);
    expect(c.percent).toBe(100);
    expect(Object.values(c.complete).every(Boolean)).toBe(true);
  });

  test("partially complete: fees and agreements left empty lose their whole weight", () => {
    const data = { ...withFax(validApplication(r.type, r.flavour)), fees: {}, agreements: {} };
    const c = completion(data, testContext({ ...ctx, hasUploaded: { DOCTYP_EO_CERT: true } }));
    const lost = r.weights[2] + r.weights[3];
    expect(c.percent).toBe(Math.round(100 * (1 - lost / total)));
    expect(c.complete).toMatchObject({ PERSONAL: true, COMMS: true, FEES: r.flavour === "STANDARD" ? false : true, AGREEMENTS: false, DOCS: true, INSTRUCT: true });
  });

  test("one failed check in personal costs its share of the personal weight", () => {
    const base = withFax(validApplication(r.type, r.flavour));
    const data = { ...base, personal: { ...base.personal, firstName: "" } };
    const c = completion(data, testContext({ ...ctx, hasUploaded: { DOCTYP_EO_CERT: true } }));
    expect(c.percent).toBe(Math.min(99, Math.round(100 * (1 - r.weights[0] / personalChecks(r.type) / total))));
    expect(c.deficiencies).toEqual([{ section: "PERSONAL", field: "firstName", message: "First Name is required" }]);
  });
});

describe("deficiency list", () => {
  const ctx = testContext();
  test("unanswered questions are one deficiency, but each counts as a failed check", () => {
    const base = validApplication();
    const answers = base.personal.answers!.map((a, i) => (i < 3 ? { ...a, answer: undefined } : a));
    const data = { ...base, personal: { ...base.personal, answers } };
    expect(sectionErrors(data, ctx).PERSONAL).toEqual([{ section: "PERSONAL", field: "answers", message: "All questions must be answered" }]);
    const c = completion(data, ctx);
    expect(c.sections.PERSONAL.failed).toBe(3);
    expect(c.percent).toBe(Math.round(100 * (1 - (36 * 3) / 32 / 64)));
  });

  test("questions never posted count one check each", () => {
    const base = validApplication();
    const data = { ...base, personal: { ...base.personal, answers: base.personal.answers!.slice(0, 10) } };
    expect(completion(data, ctx).sections.PERSONAL.failed).toBe(5);
  });

  test("the agreement name shows 'AML: Your Name Required' in the list and links to its field", () => {
    const base = validApplication();
    const data = { ...base, agreements: { signatures: { ...base.agreements.signatures, SIGTYP_AGREENAME: "" } } };
    expect(sectionErrors(data, ctx).AGREEMENTS).toEqual([{ section: "AGREEMENTS", field: "signatures.SIGTYP_AGREENAME", message: "AML: Your Name Required" }]);
  });

  test("deficiencies come in section order with conform field names", () => {
    const base = validApplication();
    const data: ApplicationData = {
      ...base,
      personal: { ...base.personal, home: { ...base.personal.home, city: "" } },
      commissions: { ...base.commissions, bankInfo: { ...base.commissions.bankInfo, routingNumber: "500000005" } },
      documents: { willFax: false },
    };
    const c = completion(data, testContext({ hasUploaded: {} }));
    expect(c.deficiencies).toEqual([
      { section: "PERSONAL", field: "home.city", message: "Home City is required" },
      { section: "COMMS", field: "bankInfo.routingNumber", message: "Routing Number is invalid" },
      { section: "DOCS", field: "DOCTYP_EO_CERT", message: "Missing E&O Certificate" },
    ]);
    expect(c.complete).toMatchObject({ PERSONAL: false, COMMS: false, FEES: true, AGREEMENTS: true, DOCS: false });
  });

  test("the DOCS form's willFax decides the documents weight and waives the E&O certificate", () => {
    const base = validApplication();
    const c = completion({ ...base, documents: { willFax: true } }, testContext({ hasUploaded: {}, willFax: false }));
    expect(c.sections.DOCS.weight).toBe(10);
    expect(c.percent).toBe(100);
  });

  test("fees deficiencies are not counted for a VB invitation", () => {
    expect(sectionErrors({ ...validApplication(), fees: {} }, testContext({ flavour: "VB" })).FEES).toEqual([]);
  });
});
