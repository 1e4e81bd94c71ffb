// The cart's rules (spec part 1 §5 'Cart', 'Apply mode') as pure functions
// and the zod schemas of the links page's and the cart's forms, shared by
// the browser (conform) and the server. Decision 0020.
import { z } from "zod";
import { paperAppointmentSchema } from "~/features/appointment/paper-schema";
import { CART_REFUSALS, CHOOSE_CART_ACTION, type CartRefusalCode } from "./messages";

/** At most this many links in one cart (a multi-link of more is not a sensible offer). */
export const CART_MAX_ITEMS = 50;
/** Toast delay (§9). */
export const TOAST_MS = 2000;

/** What the rules need to know of a link in (or going into) the cart. */
export type CartRuleLine = {
  appointmentLinkId: number;
  scheduleId: number;
  recruiterAgentId: number;
  /** schedRec.enrollRep: a representative level. */
  isRep: boolean;
};

export type CartRefusal = { code: CartRefusalCode; title: string; message: string };

export function refusal(code: CartRefusalCode): CartRefusal {
  return { code, ...CART_REFUSALS[code] };
}

/**
 * Whether `adding` (one link, or a base schedule's link with its siblings)
 * may join `cart`: one recruiter number, one link per commission schedule,
 * representative and non-representative never mixed, at most CART_MAX_ITEMS.
 * Links already in the cart are not counted twice. Null when allowed.
 */
export function checkAdd(cart: readonly CartRuleLine[], adding: readonly CartRuleLine[]): CartRefusal | null {
  const inCart = new Set(cart.map((l) => l.appointmentLinkId));
  const fresh = adding.filter((l) => !inCart.has(l.appointmentLinkId));
  if (fresh.length === 0) return adding.length === 0 ? refusal("LINK_UNAVAILABLE") : refusal("SCHEDULE_ALREADY_CHOSEN");
  const all = [...cart, ...fresh];
  if (new Set(all.map((l) => l.recruiterAgentId)).size > 1) return refusal("MULTIPLE_RECRUITERS");
  const chosen = new Set(cart.map((l) => l.scheduleId));
  const seen = new Set<number>();
  for (const l of fresh) {
    if (chosen.has(l.scheduleId) || seen.has(l.scheduleId)) return refusal("SCHEDULE_ALREADY_CHOSEN");
    seen.add(l.scheduleId);
  }
  if (new Set(all.map((l) => l.isRep)).size > 1) return refusal("TYPES_MUST_MATCH");
  if (all.length > CART_MAX_ITEMS) return refusal("CART_FULL");
  return null;
}

/** Where 'send' goes: one link → /invite?link=…, several → /invite?links=MLT… (§2 'invite'). */
export function inviteUrl(kind: "link" | "links", link: string): string {
  return `/invite?${kind}=${encodeURIComponent(link)}`;
}

const linkId = z.coerce.number().int().positive().max(2_147_483_647);

/** The links page's POST forms: add a link, clear the cart (remove is on the cart page). */
export const linksPageSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), appointmentLinkId: linkId }),
  z.object({ intent: z.literal("clear") }),
]);

/** The cart page's remove and clear buttons. */
export const cartItemSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remove"), appointmentLinkId: linkId }),
  z.object({ intent: z.literal("clear") }),
]);

export const CART_ACTIONS = ["send", "apply"] as const;
export type CartAction = (typeof CART_ACTIONS)[number];

/**
 * The cart's form (§5): an action must be chosen; 'apply' also needs the
 * appointment type and the prospect's email with the apply-mode rules
 * (required, a standard email address, not the user's own login email), the
 * same rules as the paper-appointment form.
 */
export function cartActionSchema(opts: { ownEmail: string; types: readonly string[] }) {
  const paper = paperAppointmentSchema(opts);
  return z
    .object({
      intent: z.literal("begin"),
      cartAction: z.enum(CART_ACTIONS, { error: CHOOSE_CART_ACTION }),
      email: z.string().max(254).optional(),
      apptTypeCode: z.string().max(40).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.cartAction !== "apply") return;
      const r = paper.safeParse({ email: v.email, apptTypeCode: v.apptTypeCode });
      if (!r.success) for (const i of r.error.issues) ctx.addIssue({ code: "custom", path: i.path, message: i.message });
    });
}
