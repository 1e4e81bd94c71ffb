// Every rule and message of spec part 3 §5 for the report forms, through the
// zod schemas conform and the action share.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { REPORT_MESSAGES as M } from "./messages";
import { downlineReportSchema, filterText, isValidReportDate, recruitReportSchema, reportSchemaFor } from "./schema";
import { reportFileName } from "./run.server";

const NOW = new Date(2026, 10, 23);

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

function errorsOf(schema: ReturnType<typeof downlineReportSchema> | ReturnType<typeof recruitReportSchema>, fields: Record<string, string>) {
  const s = parseWithZod(form(fields), { schema });
  return s.status === "success" ? {} : (s.reply().error ?? {});
}

const downline = (fields: Record<string, string>) => errorsOf(downlineReportSchema(NOW), { reportId: "1", appointmentStatusId: "0", ...fields });
const recruit = (fields: Record<string, string>) => errorsOf(recruitReportSchema(NOW), { reportId: "2", appointmentStatusId: "0", ...fields });

describe("report dates", () => {
  it("are optional", () => {
    expect(downline({})).toEqual({});
    expect(downline({ startDate: "", endDate: "  " })).toEqual({});
  });

  it("accept a calendar date from 1753 to this year", () => {
    expect(isValidReportDate("1753-01-01", NOW)).toBe(true);
    expect(isValidReportDate("2026-12-31", NOW)).toBe(true);
    expect(downline({ startDate: "2020-02-29", endDate: "2026-11-23" })).toEqual({});
  });

  it("'Start Date is invalid' / 'End Date is invalid': starts with 0, after this year, before 1753, not a date", () => {
    for (const bad of ["0999-01-01", "2027-01-01", "1752-12-31", "2021-02-29", "2020-13-01", "yesterday", "12/01/2020"]) {
      expect(downline({ startDate: bad }).startDate).toEqual([M.startDateInvalid]);
      expect(downline({ endDate: bad }).endDate).toEqual([M.endDateInvalid]);
      expect(recruit({ startDate: bad }).startDate).toEqual([M.startDateInvalid]);
    }
    expect(M.startDateInvalid).toBe("Start Date is invalid");
    expect(M.endDateInvalid).toBe("End Date is invalid");
  });
});

describe("a reversed date range (issue 20 item 13)", () => {
  it("is refused next to End Date, for both reports; the same day or one date alone is fine", () => {
    expect(downline({ startDate: "2026-02-01", endDate: "2026-01-31" })).toEqual({ endDate: [M.dateRangeReversed] });
    expect(recruit({ startDate: "2025-12-01", endDate: "2025-11-30" })).toEqual({ endDate: [M.dateRangeReversed] });
    expect(downline({ startDate: "2026-01-31", endDate: "2026-01-31" })).toEqual({});
    expect(downline({ startDate: "2026-02-01" })).toEqual({});
    expect(recruit({ endDate: "2026-01-01" })).toEqual({});
    expect(M.dateRangeReversed).toBe("End Date cannot be before Start Date");
  });
});

describe("level", () => {
  it("digits only, at most 2 characters, 1 to 17", () => {
    for (const ok of ["1", "9", "17", "05"]) expect(downline({ levelNumber: ok })).toEqual({});
    for (const bad of ["0", "18", "99", "123", "1a", "-1", "1.5", " x"]) expect(downline({ levelNumber: bad }).levelNumber).toEqual([M.levelInvalid]);
    expect(M.levelHint).toBe("1 to 17");
  });

  it("is a number in the parsed value", () => {
    const s = parseWithZod(form({ reportId: "1", appointmentStatusId: "0", levelNumber: "07" }), { schema: downlineReportSchema(NOW) });
    expect(s.status === "success" && s.value.levelNumber).toBe(7);
  });
});

describe("names", () => {
  it("recruiter name at most 200 characters (downline report)", () => {
    expect(downline({ recruiterName: "x".repeat(200) })).toEqual({});
    expect(downline({ recruiterName: "x".repeat(201) }).recruiterName).toEqual([M.recruiterNameTooLong]);
  });

  it("prospect name at most 40 characters (recruit report)", () => {
    expect(recruit({ prospectName: "y".repeat(40) })).toEqual({});
    expect(recruit({ prospectName: "y".repeat(41) }).prospectName).toEqual([M.prospectNameTooLong]);
  });
});

describe("status filters", () => {
  it("downline: 0 (or blank) all, or appointment status 6, 7, 8, 53", () => {
    for (const ok of ["", "0", "6", "7", "8", "53"]) expect(downline({ appointmentStatusId: ok })).toEqual({});
    for (const bad of ["-1", "-2", "5", "52", "x"]) expect(downline({ appointmentStatusId: bad }).appointmentStatusId).toEqual([M.statusInvalid]);
  });

  it("recruit: 0 all, -1 all except approved, -2 invited, and 6, 7, 8, 53", () => {
    for (const ok of ["0", "-1", "-2", "6", "7", "8", "53"]) expect(recruit({ appointmentStatusId: ok })).toEqual({});
    expect(recruit({ appointmentStatusId: "" })).toEqual({});
    for (const bad of ["-3", "52", "1"]) expect(recruit({ appointmentStatusId: bad }).appointmentStatusId).toEqual([M.statusInvalid]);
  });
});

describe("recruiter pick", () => {
  it("block number digits only", () => {
    expect(recruit({ recruiterAgentNo: "700001", recruiterCompanyNo: "DL01", recruiterBlockNo: "9801" })).toEqual({});
    expect(recruit({ recruiterAgentNo: "700001", recruiterCompanyNo: "DL01", recruiterBlockNo: "x" }).recruiterBlockNo).toEqual([M.recruiterNotFound]);
  });
});

describe("report choice, filter text and file name", () => {
  it("only reports 1 and 2", () => {
    expect(reportSchemaFor("1")).not.toBeNull();
    expect(reportSchemaFor("2")).not.toBeNull();
    expect(reportSchemaFor("3")).toBeNull();
    expect(reportSchemaFor(null)).toBeNull();
  });

  it("filter text lists the filters given", () => {
    const v = downlineReportSchema(NOW).parse({ reportId: "1", appointmentStatusId: "7", startDate: "2026-01-02", levelNumber: "4", recruiterName: "Ann" });
    expect(filterText(v)).toBe("Start Date: 01/02/2026; Recruiter: Ann; Status: Awaiting Approval; Level: 4");
    expect(filterText(downlineReportSchema(NOW).parse({ reportId: "1", appointmentStatusId: "0" }))).toBe("None");
    const r = recruitReportSchema(NOW).parse({ reportId: "2", appointmentStatusId: "-2", prospectName: "Lee" });
    expect(filterText(r)).toBe("Prospect: Lee; Status: Invited");
  });

  it("the file is the report name with underscores and .xlsx", () => {
    expect(reportFileName("Downline Report")).toBe("Downline_Report.xlsx");
    expect(reportFileName("Recruit  Report")).toBe("Recruit_Report.xlsx");
  });
});
