// The state filings' events as the endpoints screen and the OpenAPI document read them (decision
// 0116): each has a label and a data schema, its subject is the filing or the termination, and no
// field of their data could carry an SSN (the schema drops one smuggled in).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { subjectTypeOf, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from "./events";
import { appointmentFilingEventData, terminationEventData, WEBHOOK_EVENT_DATA } from "./payloads";

const FILING_EVENTS = ["appointment.filed", "appointment.accepted", "appointment.rejected", "termination.filed"] as const;

const filing = {
  id: "2f1c1a54-5b0e-4c4e-9a36-3f4b1f0d2a11",
  agent: { id: 7, agent_number: "700007" },
  npn: "8800001",
  state_code: "FL",
  line_of_authority: "LIFE",
  licence_number: "A123456",
  carrier: { id: 1, code: "SLAC", naic_company_code: "12345" },
  status: "REJECTED",
  held_reason: null,
  rejection_reason: "Licence number does not match",
  fee_amount: "60.00",
  effective_date: "2026-12-01",
  first_business_date: null,
  due_date: "2026-12-16",
  filed_date: "2026-12-02",
  answered_at: "2026-12-04T12:00:00.000Z",
  batch_id: null,
  created_at: "2026-12-01T09:00:00.000Z",
  updated_at: "2026-12-04T12:00:00.000Z",
};

describe("the state filings' events", () => {
  it("are offered with a label and documented with a data schema; their subject is the filing or the termination", () => {
    for (const type of FILING_EVENTS) {
      expect(WEBHOOK_EVENTS).toContain(type);
      expect(WEBHOOK_EVENT_LABELS[type]).toMatch(/^State (appointment|termination) /);
      expect(WEBHOOK_EVENT_DATA[type]).toBeDefined();
    }
    expect(FILING_EVENTS.map(subjectTypeOf)).toEqual(["appointment", "appointment", "appointment", "termination"]);
  });

  it("no field of their data is named like a sensitive one, and an SSN given is dropped", () => {
    for (const type of FILING_EVENTS) {
      const schema = JSON.stringify(z.toJSONSchema(WEBHOOK_EVENT_DATA[type], { io: "output" }));
      expect(schema, type).not.toMatch(/ssn|social|tax_?id|bank|card/i);
    }
    const parsed = appointmentFilingEventData.parse({ filing: { ...filing, ssn: "123456789", SSN_FEIN: "123456789" }, actor: { type: "system" }, source: "file_run" });
    expect(JSON.stringify(parsed)).not.toContain("123456789");
    expect(parsed.filing).toEqual(filing);
  });

  it("a filing's data refuses what is not a day or a source it knows", () => {
    expect(() => appointmentFilingEventData.parse({ filing: { ...filing, due_date: "12/16/2026" }, actor: { type: "system" }, source: "screen" })).toThrow();
    expect(() => appointmentFilingEventData.parse({ filing, actor: { type: "system" }, source: "fax" })).toThrow();
    expect(() => terminationEventData.parse({ termination: { id: filing.id }, actor: { type: "system" } })).toThrow();
  });
});
