// The cart's rules and the cart form's messages (spec part 1 §5 'Cart', 'Apply mode').
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CART_MAX_ITEMS, cartActionSchema, checkAdd, inviteUrl, linksPageSchema, type CartRuleLine } from "./cart";
import { CART_REFUSALS, CHOOSE_CART_ACTION, EMPTY_CART } from "./messages";

let nextId = 1;
const line = (over: Partial<CartRuleLine> = {}): CartRuleLine => ({
  appointmentLinkId: nextId++,
  scheduleId: nextId++,
  recruiterAgentId: 10,
  isRep: false,
  ...over,
});
const codeOf = (cart: CartRuleLine[], adding: CartRuleLine[]) => checkAdd(cart, adding)?.code ?? null;

describe("checkAdd", () => {
  it("lets the first link and links of other schedules of the same recruiter in", () => {
    const a = line();
    expect(codeOf([], [a])).toBeNull();
    expect(codeOf([a], [line()])).toBeNull();
  });

  it("one link per commission schedule: 'Schedule Already Chosen'", () => {
    const a = line({ scheduleId: 500 });
    expect(codeOf([a], [line({ scheduleId: 500 })])).toBe("SCHEDULE_ALREADY_CHOSEN");
    expect(checkAdd([a], [line({ scheduleId: 500 })])?.title).toBe("Schedule Already Chosen");
    // The same link again is no second add either.
    expect(codeOf([a], [a])).toBe("SCHEDULE_ALREADY_CHOSEN");
    // Two lines of one schedule in one add (cannot come from a base group, but the rule holds).
    expect(codeOf([], [line({ scheduleId: 7 }), line({ scheduleId: 7 })])).toBe("SCHEDULE_ALREADY_CHOSEN");
  });

  it("never mixes representative and non-representative: 'Appointment Types Must Match'", () => {
    expect(codeOf([line({ isRep: false })], [line({ isRep: true })])).toBe("TYPES_MUST_MATCH");
    expect(codeOf([line({ isRep: true })], [line({ isRep: false })])).toBe("TYPES_MUST_MATCH");
    expect(checkAdd([line({ isRep: true })], [line({ isRep: false })])?.title).toBe("Appointment Types Must Match");
    expect(codeOf([line({ isRep: true })], [line({ isRep: true })])).toBeNull();
  });

  it("one recruiter number per cart: 'Schedules from Multiple Recruiters'", () => {
    expect(codeOf([line({ recruiterAgentId: 1 })], [line({ recruiterAgentId: 2 })])).toBe("MULTIPLE_RECRUITERS");
    expect(checkAdd([line({ recruiterAgentId: 1 })], [line({ recruiterAgentId: 2 })])?.title).toBe("Schedules from Multiple Recruiters");
  });

  it("a base schedule's group comes in whole or not at all", () => {
    const base = line({ scheduleId: 1 });
    const sibling = line({ scheduleId: 2 });
    expect(codeOf([], [base, sibling])).toBeNull();
    expect(codeOf([line({ scheduleId: 2 })], [base, sibling])).toBe("SCHEDULE_ALREADY_CHOSEN");
  });

  it("caps the cart", () => {
    const cart = Array.from({ length: CART_MAX_ITEMS }, () => line());
    expect(codeOf(cart.slice(1), [line()])).toBeNull();
    expect(codeOf(cart, [line()])).toBe("CART_FULL");
  });

  it("every refusal has its own title and sentence", () => {
    const titles = Object.values(CART_REFUSALS).map((r) => r.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe("cart forms", () => {
  const schema = cartActionSchema({ ownEmail: "Me@Example.com", types: ["APPTTYP_IND", "APPTTYP_CORP"] });
  const errors = (fields: Record<string, string>) => {
    const fd = new FormData();
    fd.set("intent", "begin");
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    const s = parseWithZod(fd, { schema });
    return s.status === "success" ? null : s.reply().error;
  };

  it("requires choosing an action", () => {
    expect(errors({})).toEqual({ cartAction: [CHOOSE_CART_ACTION] });
    expect(errors({ cartAction: "other" })).toEqual({ cartAction: [CHOOSE_CART_ACTION] });
  });

  it("send needs nothing else", () => {
    expect(errors({ cartAction: "send" })).toBeNull();
  });

  it("apply needs a type and the prospect's email, not the user's own", () => {
    expect(errors({ cartAction: "apply" })).toEqual({
      email: ["Email Address Is Required"],
      apptTypeCode: ["Please choose one of the appointment types."],
    });
    expect(errors({ cartAction: "apply", apptTypeCode: "APPTTYP_IND", email: "not-an-email" })).toEqual({
      email: ["Email Address Format Is Invalid"],
    });
    expect(errors({ cartAction: "apply", apptTypeCode: "APPTTYP_IND", email: " me@example.COM " })).toEqual({
      email: ["You Cannot Use Your Email"],
    });
    expect(errors({ cartAction: "apply", apptTypeCode: "APPTTYP_REP", email: "p@example.com" })).toEqual({
      apptTypeCode: ["Please choose one of the appointment types."],
    });
    expect(errors({ cartAction: "apply", apptTypeCode: "APPTTYP_IND", email: "p@example.com" })).toBeNull();
  });

  it("the links page posts a link id or a clear", () => {
    expect(linksPageSchema.safeParse({ intent: "add", appointmentLinkId: "12" }).data).toEqual({ intent: "add", appointmentLinkId: 12 });
    expect(linksPageSchema.safeParse({ intent: "add", appointmentLinkId: "-1" }).success).toBe(false);
    expect(linksPageSchema.safeParse({ intent: "add", appointmentLinkId: "99999999999" }).success).toBe(false);
    expect(linksPageSchema.safeParse({ intent: "drop" }).success).toBe(false);
  });

  it("uses the spec's texts", () => {
    expect(EMPTY_CART).toBe("No Links in your Cart");
    expect(inviteUrl("links", "MLTABC")).toBe("/invite?links=MLTABC");
    expect(inviteUrl("link", "APLABC")).toBe("/invite?link=APLABC");
  });
});
