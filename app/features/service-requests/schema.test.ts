import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ADMIN_MENU, capabilitiesOf, menuFor } from "~/lib/permissions";
import { adminNavItems } from "~/lib/shell.server";
import { moveSchema, parseHierarchy, readQueueFilters, replySchema, REPLY_TEXT_MAX, SR_MESSAGES, statusSchema } from "./schema";

const form = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
};
const errorsOf = (s: { status?: string; reply(): { error?: Record<string, string[] | null> | null } }) => (s.status === "success" ? {} : (s.reply().error ?? {}));

const TOKEN = "0b0a2f8e-6f2d-4c4e-9a51-6d1c8f0c2b11";

describe("service request schemas", () => {
  it("status: one of OPEN, IN_PROGRESS, DONE; the assignee a user id or nobody", () => {
    expect(parseWithZod(form({ intent: "status", status: "DONE", assigneeUserId: "" }), { schema: statusSchema }).status).toBe("success");
    expect(parseWithZod(form({ intent: "status", status: "IN_PROGRESS", assigneeUserId: TOKEN }), { schema: statusSchema }).status).toBe("success");
    expect(errorsOf(parseWithZod(form({ intent: "status", status: "CLOSED" }), { schema: statusSchema }))).toMatchObject({ status: [SR_MESSAGES.statusRequired] });
    expect(errorsOf(parseWithZod(form({ intent: "status", status: "OPEN", assigneeUserId: "root" }), { schema: statusSchema }))).toMatchObject({ assigneeUserId: [SR_MESSAGES.assigneeUnknown] });
  });

  it("reply: required, trimmed, at most 4,000 characters, with the form's token", () => {
    const ok = parseWithZod(form({ intent: "reply", formToken: TOKEN, replyText: "  Done: moved.  " }), { schema: replySchema });
    expect(ok.status === "success" && ok.value.replyText).toBe("Done: moved.");
    expect(errorsOf(parseWithZod(form({ intent: "reply", formToken: TOKEN, replyText: "   " }), { schema: replySchema }))).toMatchObject({ replyText: [SR_MESSAGES.replyRequired] });
    expect(errorsOf(parseWithZod(form({ intent: "reply", formToken: TOKEN, replyText: "x".repeat(REPLY_TEXT_MAX + 1) }), { schema: replySchema }))).toMatchObject({ replyText: [SR_MESSAGES.replyTooLong] });
    expect(parseWithZod(form({ intent: "reply", formToken: TOKEN, replyText: "x".repeat(REPLY_TEXT_MAX) }), { schema: replySchema }).status).toBe("success");
    expect(errorsOf(parseWithZod(form({ intent: "reply", formToken: "nope", replyText: "hi" }), { schema: replySchema }))).toHaveProperty("formToken");
  });

  it("move: a hierarchy company:block and two agent numbers of letters and digits", () => {
    const ok = parseWithZod(form({ intent: "preview", hierarchy: "MI01:72", agentNumber: " 100020 ", uplineAgentNumber: "100003" }), { schema: moveSchema });
    expect(ok.status === "success" && ok.value).toMatchObject({ intent: "preview", hierarchy: "MI01:72", agentNumber: "100020", uplineAgentNumber: "100003" });
    const withSize = parseWithZod(form({ intent: "move", hierarchy: "MI01:72", agentNumber: "1", uplineAgentNumber: "2", expectedSize: "14" }), { schema: moveSchema });
    expect(withSize.status === "success" && withSize.value.expectedSize).toBe(14);
    expect(errorsOf(parseWithZod(form({ intent: "preview", hierarchy: "", agentNumber: "", uplineAgentNumber: "" }), { schema: moveSchema }))).toMatchObject({
      hierarchy: [SR_MESSAGES.hierarchyRequired],
      agentNumber: [SR_MESSAGES.agentNumberRequired],
      uplineAgentNumber: [SR_MESSAGES.uplineNumberRequired],
    });
    expect(errorsOf(parseWithZod(form({ intent: "preview", hierarchy: "MI01:72'--", agentNumber: "1 OR 1=1", uplineAgentNumber: "x".repeat(21) }), { schema: moveSchema }))).toMatchObject({
      hierarchy: [SR_MESSAGES.hierarchyRequired],
      agentNumber: [SR_MESSAGES.agentNumberFormat],
      uplineAgentNumber: [SR_MESSAGES.agentNumberFormat],
    });
    expect(parseHierarchy("SL01:215")).toEqual({ companyNumber: "SL01", blockNumber: 215 });
  });

  it("queue filters: known statuses and subject codes, else the defaults", () => {
    expect(readQueueFilters(new URL("http://x/admin/requests"))).toEqual({ status: "ACTIVE", type: "" });
    expect(readQueueFilters(new URL("http://x/admin/requests?status=DONE&type=SVCREQ_LEVELCHG"))).toEqual({ status: "DONE", type: "SVCREQ_LEVELCHG" });
    expect(readQueueFilters(new URL("http://x/admin/requests?status=drop&type=a%27b"))).toEqual({ status: "ACTIVE", type: "" });
  });

  it("the ADMIN menu: internal administrators only, not while impersonating", () => {
    const admin = { isInternal: true, impersonator: null };
    expect(adminNavItems(admin)).toEqual([
      { to: "/admin/requests", label: "Service Requests" },
      { to: "/admin/import", label: "Import Agents" },
      { to: "/admin/licences/import", label: "Import Licenses" },
      { to: "/admin/api-tokens", label: "API Tokens" },
      { to: "/admin/webhooks", label: "Webhooks" },
      { to: "/admin/state-filings", label: "State Filings" },
      { to: "/admin/carriers", label: "Carriers" },
      { to: "/admin/legal-holds", label: "Legal Holds" },
      { to: "/admin/retention", label: "Retention" },
    ]);
    expect(adminNavItems({ isInternal: false, impersonator: null })).toEqual([]);
    // The compliance officer's one back-office screen (decision 0119).
    expect(menuFor(ADMIN_MENU, capabilitiesOf(["compliance-officer"])).map((i) => i.to)).toEqual(["/admin/audit-log", "/admin/retention"]);
    expect(adminNavItems({ isInternal: true, impersonator: { id: "a", userName: "a@x", firstName: null, lastName: null } })).toEqual([]);
  });
});
