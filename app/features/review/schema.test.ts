// The review forms' rules and messages (issue 11), as conform parses a posted form.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { REVIEW_MESSAGES as M } from "./messages";
import { decisionSchema, queueFilterSchema, REASON_MAX } from "./schema";

function form(fields: Array<[string, string]>): FormData {
  const fd = new FormData();
  for (const [k, v] of fields) fd.append(k, v);
  return fd;
}

const parse = (fields: Array<[string, string]>) => parseWithZod(form(fields), { schema: decisionSchema });
const errors = (fields: Array<[string, string]>) => {
  const s = parse(fields);
  return s.status === "success" ? {} : (s.reply().error ?? {});
};

describe("decisionSchema", () => {
  it("approves with a reason and the confirmation (trimmed reason)", () => {
    const s = parse([["decision", "APPROVE"], ["reason", "  All documents in order  "], ["confirm", "on"]]);
    expect(s.status).toBe("success");
    if (s.status === "success") expect(s.value).toEqual({ decision: "APPROVE", reason: "All documents in order", confirm: "on" });
  });

  it("a missing or blank reason", () => {
    expect(errors([["decision", "REJECT"], ["confirm", "on"]]).reason).toEqual([M.reasonRequired]);
    expect(errors([["decision", "REJECT"], ["reason", "   "], ["confirm", "on"]]).reason).toEqual([M.reasonRequired]);
  });

  it("a reason over the cap", () => {
    expect(errors([["decision", "REJECT"], ["reason", "x".repeat(REASON_MAX + 1)], ["confirm", "on"]]).reason).toEqual([M.reasonTooLong(REASON_MAX)]);
    expect(parse([["decision", "REJECT"], ["reason", "x".repeat(REASON_MAX)], ["confirm", "on"]]).status).toBe("success");
  });

  it("the confirmation box is required", () => {
    expect(errors([["decision", "APPROVE"], ["reason", "ok"]]).confirm).toEqual([M.confirmRequired]);
  });

  it("a return needs at least one section; one or several checked boxes are a list", () => {
    expect(errors([["decision", "RETURN"], ["reason", "Fix"], ["confirm", "on"]]).sections).toEqual([M.sectionsRequired]);
    const one = parse([["decision", "RETURN"], ["reason", "Fix"], ["sections", "PERSONAL"], ["confirm", "on"]]);
    expect(one.status === "success" && one.value.sections).toEqual(["PERSONAL"]);
    const two = parse([["decision", "RETURN"], ["reason", "Fix"], ["sections", "PERSONAL"], ["sections", "DOCS"], ["confirm", "on"]]);
    expect(two.status === "success" && two.value.sections).toEqual(["PERSONAL", "DOCS"]);
  });

  it("an empty return gets every message at once", () => {
    expect(errors([["decision", "RETURN"]])).toEqual({ reason: [M.reasonRequired], sections: [M.sectionsRequired], confirm: [M.confirmRequired] });
  });

  it("an unknown section or decision is refused", () => {
    expect(parse([["decision", "RETURN"], ["reason", "Fix"], ["sections", "INSTRUCT"], ["confirm", "on"]]).status).toBe("error");
    expect(errors([["decision", "DELETE"], ["reason", "x"], ["confirm", "on"]]).decision).toEqual([M.unknownDecision]);
  });
});

describe("queueFilterSchema", () => {
  const q = (o: Record<string, string>) => parseWithZod(new URLSearchParams(o), { schema: queueFilterSchema });
  it("everything is optional; blanks are no filter", () => {
    const s = q({ carrier: "", recruiter: " ", from: "", to: "", type: "" });
    expect(s.status === "success" && s.value).toEqual({});
  });
  it("a valid set of filters", () => {
    const s = q({ carrier: "MIAC", recruiter: "Morgan 1000", from: "2026-01-01", to: "2026-12-31", type: "APPTTYP_IND" });
    expect(s.status === "success" && s.value).toEqual({ carrier: "MIAC", recruiter: "Morgan 1000", from: "2026-01-01", to: "2026-12-31", type: "APPTTYP_IND" });
  });
  it("bad dates, reversed range, long recruiter text", () => {
    const e = (o: Record<string, string>) => {
      const s = q(o);
      return s.status === "success" ? {} : (s.reply().error ?? {});
    };
    expect(e({ from: "2026-02-30" }).from).toEqual([M.dateInvalid]);
    expect(e({ to: "31/12/2026" }).to).toEqual([M.dateInvalid]);
    expect(e({ from: "2026-05-02", to: "2026-05-01" }).to).toEqual([M.dateOrder]);
    expect(e({ recruiter: "x".repeat(101) }).recruiter).toEqual([M.recruiterTooLong(100)]);
    expect(q({ type: "APPTTYP_NOPE" }).status).toBe("error");
  });
});
