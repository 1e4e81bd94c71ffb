import { describe, expect, it } from "vitest";
import type { FilingNotice } from "./filing-notices.server";
import { FILING_NOTICE_MESSAGES as M, filingNoticeEmail, LINES_PER_STAGE } from "./filing-notice-email.server";

const notice = (i: number, stage: FilingNotice["stage"]): FilingNotice => ({ kind: "APPOINTMENT", id: `id-${i}`, stage, dueDate: "2026-12-01", stateCode: "TX", agent: `A-${i}` });

describe("the administrators' filing notice mail", () => {
  it("counts each stage and lists its first filings, the rest as 'and N more' (a first run may tell 100,000)", () => {
    const notices = [...Array.from({ length: 1000 }, (_, i) => notice(i, "OVERDUE")), notice(5000, "DUE_TODAY")];
    const mail = filingNoticeEmail(notices, "https://portal.example/admin/state-filings");
    expect(mail.text).toContain(`${M.stages.OVERDUE}`);
    expect(mail.text).toContain("1,000 filings");
    expect(mail.text).toContain("1 filing");
    expect(mail.text).toContain(M.more(1000 - LINES_PER_STAGE));
    expect(mail.text).toContain("agent A-0,");
    expect(mail.text).not.toContain(`agent A-${LINES_PER_STAGE},`);
    expect(mail.text).toContain("agent A-5000,");
    expect(mail.html.length).toBeLessThan(40_000);
  });
});
