import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createTokenSchema, revokeTokenSchema, TOKEN_MESSAGES } from "~/features/api/token-schema";
import { SECTION_FORM_SCHEMAS } from "~/features/appointment/schema";
import { decisionSchema } from "~/features/review/schema";
import { endpointSchema, WH_MESSAGES } from "~/features/webhooks/schema";
import { choicesOf, repeatableFieldsOf } from "./choices";

const form = (entries: Array<[string, string]>) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("checkbox groups of a fixed set (choicesOf): every error beside the field", () => {
  it("a webhook endpoint's events: none, a tampered one, the ones offered", () => {
    const base: Array<[string, string]> = [["url", "https://example.com/hook"]];
    for (const events of [[], ["agent.exploded"], ["agent.created", "agent.exploded"]]) {
      const s = parseWithZod(form([...base, ...events.map((e): [string, string] => ["events", e])]), { schema: endpointSchema });
      expect(s.status).toBe("error");
      expect(s.reply().error).toEqual({ events: [WH_MESSAGES.eventsRequired] });
    }
    const ok = parseWithZod(form([...base, ["events", "agent.created"], ["events", "invitation.sent"]]), { schema: endpointSchema });
    expect(ok.status === "success" && ok.value.events).toEqual(["agent.created", "invitation.sent"]);
  });

  it("an API token's scopes: a scope the form does not offer", () => {
    const s = parseWithZod(form([["name", "Partner"], ["scopes", "admin:all"], ["formToken", crypto.randomUUID()]]), { schema: createTokenSchema });
    expect(s.reply().error).toEqual({ scopes: [TOKEN_MESSAGES.scopesRequired] });
  });
});

// What readForm takes repeated: a group missing here is a form answering 'sent the field more than once'.
describe("repeatableFieldsOf", () => {
  it("finds every checkbox group of the portal's forms", () => {
    expect(repeatableFieldsOf([endpointSchema])).toEqual(["events"]);
    expect(repeatableFieldsOf([createTokenSchema, revokeTokenSchema])).toEqual(["scopes"]);
    expect(repeatableFieldsOf([decisionSchema])).toEqual(["sections"]);
    expect(repeatableFieldsOf(SECTION_FORM_SCHEMAS)).toEqual(["states"]);
  });

  it("takes a list of plain values under optional, default, pipe, preprocess, refine and nesting; not a list of objects", () => {
    const schema = z
      .object({
        a: choicesOf(["x", "y"], "pick"),
        b: z.array(z.string()).optional(),
        c: z.preprocess((v) => v, z.object({ d: z.array(z.number()).default([]) })),
        rows: z.array(z.object({ answer: z.string() })),
        name: z.string(),
      })
      .refine(() => true);
    expect(repeatableFieldsOf([schema])).toEqual(["a", "b", "c.d"]);
  });
});
