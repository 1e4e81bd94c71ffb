// The audit export's lines and the screen's 'Who' (decision 0119): CSV quoting, formulas neutralised,
// JSON lines with every field; a person, an administrator acting as them, an API token by name.
import { describe, expect, it } from "vitest";
import { whoOf, type AuditRow } from "./audit-log.server";
import { csvCell, exportLine } from "./export.server";
import { auditFilterSchema, auditFilterText } from "./filters";

const row: AuditRow = {
  id: "7",
  occurred_at: new Date("2026-12-04T10:00:00.123Z"),
  action: "APPLICATION_VIEWED",
  actor_user_id: "u1",
  actor_email: "md@portal.localhost",
  actor_name: "Eleanor Whitfield",
  impersonator_user_id: null,
  impersonator_email: null,
  api_token_id: null,
  api_token_name: null,
  target_type: "Appointment",
  target_id: "5",
  ip_address: "203.0.113.7",
  user_agent: 'Agent "X", 1.0',
  path: "/appoint",
};

describe("the audit export", () => {
  it("quotes what must be quoted and neutralises what a spreadsheet would run", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("-1+2")).toBe("'-1+2");
    expect(exportLine(row, "csv")).toBe(
      '7,2026-12-04T10:00:00.123Z,APPLICATION_VIEWED,u1,md@portal.localhost,Eleanor Whitfield,,,,,Appointment,5,203.0.113.7,"Agent ""X"", 1.0",/appoint\r\n',
    );
    const json = JSON.parse(exportLine(row, "jsonl")) as Record<string, unknown>;
    expect(json).toMatchObject({ id: "7", occurred_at: "2026-12-04T10:00:00.123Z", actor_email: "md@portal.localhost", target_id: "5", api_token_name: null });
  });

  it("says who: the person, who acted as them, or the API token by name", () => {
    expect(whoOf(row)).toBe("Eleanor Whitfield <md@portal.localhost>");
    expect(whoOf({ ...row, impersonator_email: "admin@portal.localhost" })).toBe("Eleanor Whitfield <md@portal.localhost>, as acted by admin@portal.localhost");
    expect(whoOf({ ...row, actor_email: null, actor_name: null, actor_user_id: null, api_token_id: "t1", api_token_name: "Carrier sync" })).toBe("API token 'Carrier sync' (t1)");
    expect(whoOf({ ...row, actor_email: null, actor_name: null, actor_user_id: null })).toBe("The portal");
  });

  it("reads the filters: blanks are no filter, a reversed range is refused on 'to'", () => {
    const ok = auditFilterSchema.parse({ person: " md ", recordType: "", kind: "SIGN_IN", from: "2026-12-01", to: "2026-12-04" });
    expect(ok).toEqual({ person: "md", recordType: undefined, recordId: undefined, kind: "SIGN_IN", from: "2026-12-01", to: "2026-12-04" });
    expect(auditFilterText(ok)).toBe("Person: md; Event: Signed in; From: 12/01/2026; To: 12/04/2026");
    const reversed = auditFilterSchema.safeParse({ from: "2026-12-05", to: "2026-12-01" });
    expect(reversed.error!.issues.map((i) => [i.path[0], i.message])).toEqual([["to", "'To' must be on or after 'From'."]]);
    const unknown = auditFilterSchema.safeParse({ kind: "DROP TABLE", recordType: "Users" });
    expect(unknown.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["recordType", "Choose a record type from the list."],
      ["kind", "Choose a kind of event from the list."],
    ]);
  });
});
