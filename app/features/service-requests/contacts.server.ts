// The marketing contacts and guides of the FAQ and Help pages (spec part 1
// §2 'FAQ', 'Help'; §9: the marketing number is a configured value).
import { env } from "~/lib/env.server";

export const HELP_GUIDES = [
  { key: "HELP_RECRUIT", title: "How to Recruit" },
  { key: "HELP_COMPLETE_APP", title: "How to Complete Appointment Applications for Prospect Agents" },
] as const;

export function supportContacts() {
  return { phone: env().MARKETING_PHONE, email: env().MARKETING_EMAIL, guides: HELP_GUIDES };
}
