// The application's pages as the form driver reads them (tests/support/form-driver.ts): its section
// form, and the Personal Information an individual types (the application and review journeys).
import { accessibleName, type Form, type Page, type Scope } from "./form-driver";
import { FCRA_AUTH_LABEL, FCRA_DISCLOSURE_ACK } from "~/features/appointment/fcra";

/** The application's section form (the one in the main region whose id is section-…). */
export function section(page: Page): Form {
  const el = page.document.querySelector("main form[id^='section-']");
  if (!el) throw new Error(`no section form on ${page.url}: ${page.text().slice(0, 300)}`);
  return page.form(el.id);
}

/** The background check: the disclosure acknowledged and the authorisation signed with the full name (after the consent). */
export function signBackgroundCheck(f: Form, fullName = "Pat Q Applicant"): Form {
  return f.check(FCRA_DISCLOSURE_ACK).fill(FCRA_AUTH_LABEL, fullName);
}

/** An individual's Personal Information (Austin, TX), the home address marked Residence, the background check signed. */
export function fillPersonal(f: Form): Form {
  return signBackgroundCheck(f)
    .fill("SSN", "123-45-6789")
    .fill("Birth Date", "1988-04-12")
    .fill("National Producer Number (NPN)", "19283746")
    .fill("Resident State Insurance License Number", "TX-7766554")
    .select("Resident State", "TX")
    .fill("Phone Number", "5125550177")
    .fill("Address", "410 Congress Ave")
    .fill("City", "Austin")
    .select("State", "TX")
    .fill("Zip Code", "78701")
    .check("Residence");
}

/** The messages beside fields (the .field__error paragraphs a person sees). */
export const fieldErrors = (page: Page) => page.all(".field__error").map((e) => e.text()).filter(Boolean);

/** Personal Information's yes/no questions (the fieldsets of Questions and Answers with two radios). */
export function yesNoQuestions(page: Page): Scope[] {
  return page.within("group", "Questions and Answers").all("fieldset").filter((q) => q.all("input[type=radio]").length === 2);
}

/** Answers every yes/no question of the page No in `f`. */
export function answerAllNo(page: Page, f: Form): Form {
  for (const q of yesNoQuestions(page)) f.check("No", accessibleName(q.root));
  return f;
}
