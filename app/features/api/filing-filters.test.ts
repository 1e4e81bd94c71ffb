// The filters of GET /api/v1/filings and /terminations (decision 0116): each at most once, a state
// code in either case, a status of the list's own; a bad one is a 400 naming the parameter.
import { describe, expect, it } from "vitest";
import { ApiProblem } from "./http.server";
import { FILING_STATUSES, filingFilters, TERMINATION_STATUSES } from "./read-filings.server";

const read = (query: string, statuses: readonly string[] = FILING_STATUSES) => filingFilters(new URL(`http://localhost/api/v1/filings?${query}`), statuses);
const refusal = (query: string, statuses?: readonly string[]) => {
  try {
    read(query, statuses);
  } catch (error) {
    if (error instanceof ApiProblem) return { status: error.status, parameter: error.extra.parameter };
    throw error;
  }
  return null;
};

describe("filingFilters", () => {
  it("reads agent_number, state (upper-cased) and status; none given is no filter", () => {
    expect(read("")).toEqual({ agentNumber: null, state: null, status: null });
    expect(read("agent_number=700123&state=fl&status=rejected")).toEqual({ agentNumber: "700123", state: "FL", status: "REJECTED" });
    expect(read("status=WITHDRAWN").status).toBe("WITHDRAWN");
  });

  it("refuses a malformed or repeated one, naming it", () => {
    expect(refusal("state=Florida")).toEqual({ status: 400, parameter: "state" });
    expect(refusal("state=")).toEqual({ status: 400, parameter: "state" });
    expect(refusal("agent_number=1%3B%20DROP")).toEqual({ status: 400, parameter: "agent_number" });
    expect(refusal("status=LOST")).toEqual({ status: 400, parameter: "status" });
    expect(refusal("agent_number=1&agent_number=2")).toEqual({ status: 400, parameter: "agent_number" });
    // A termination is never WITHDRAWN or HELD: those are the appointments' statuses.
    expect(refusal("status=WITHDRAWN", TERMINATION_STATUSES)).toEqual({ status: 400, parameter: "status" });
  });
});
