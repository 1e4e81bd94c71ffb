// The FCRA background-check consent of the application (issue 38 item 1,
// decision 0121): the stand-alone disclosure (FCRA 604(b)(2)(A)) acknowledged
// by a checkbox and the written authorisation signed by typing the full name.
// The screening (h18) reads the two signature rows by these codes, and the
// version ids tell which wording was shown. Client-safe: no server imports.

export const FCRA_DISCLOSURE_SIG = "SIGTYP_FCRA_DISCLOSURE";
export const FCRA_AUTH_SIG = "SIGTYP_FCRA_AUTH";

/** A new wording needs a new version id (the stored rows keep the version the applicant saw). */
export const FCRA_DISCLOSURE_VERSION = "FCRA-DISCLOSURE-2026-12";
export const FCRA_AUTH_VERSION = "FCRA-AUTH-2026-12";

export const FCRA_BLOCK_TITLE = "Background check";
export const FCRA_DISCLOSURE_TITLE = "Disclosure regarding background investigation";

/** The disclosure, shown alone in its own block: nothing else but this text and its acknowledgement. */
export const FCRA_DISCLOSURE_TEXT = [
  "The company with which you are applying for an appointment may obtain information about you from a third-party consumer reporting agency for employment purposes, including for deciding whether to appoint you as an insurance producer and, where the law allows, while you remain appointed.",
  "Thus, you may be the subject of a consumer report, which may include information about your character, general reputation, personal characteristics and mode of living, and your criminal history, insurance licensing history and credit history.",
  "These reports may be obtained at any time after you receive this disclosure and give your authorisation.",
];

export const FCRA_DISCLOSURE_ACK = "I have read and understand the disclosure regarding background investigation above.";

export const FCRA_AUTH_TITLE = "Authorisation of background investigation";
export const FCRA_AUTH_TEXT =
  "I authorise the company with which I am applying for an appointment, and the consumer reporting agency it chooses, to obtain consumer reports about me for the purposes described in the disclosure. Type your full name to sign this authorisation.";
export const FCRA_AUTH_LABEL = "Your full name (authorisation signature)";

export const FCRA_MESSAGES = {
  disclosureRequired: "Please acknowledge the background check disclosure",
  authRequired: "Please type your full name to authorise the background check",
  ackBeforeAuth: "Please acknowledge the background check disclosure before you authorise it",
  impersonation: "The background check disclosure and authorisation must be given by the applicant in person, not while acting as them.",
} as const;

/** The statement stored as acknowledged_text with each row: the version id of the text shown (the contract h18 reads). */
export const FCRA_STATEMENTS: Record<string, string> = {
  [FCRA_DISCLOSURE_SIG]: FCRA_DISCLOSURE_VERSION,
  [FCRA_AUTH_SIG]: FCRA_AUTH_VERSION,
};

// ───────────── 18 U.S.C. 1033: the commissioner's written consent ─────────────

/** The uploaded document a 'yes' to the dishonesty / breach-of-trust question asks for (a DocumentRequirement, group UPLOADED). */
export const CONSENT_1033_DOCUMENT_TYPE = "DOCTYP_1033_CONSENT";
export const CONSENT_1033_TITLE = "1033 Consent (written consent of the insurance commissioner)";
export const CONSENT_1033_MESSAGE =
  "You answered Yes to the question about a crime involving dishonesty or breach of trust. If it was a felony conviction, 18 U.S.C. 1033 needs the insurance commissioner's written consent: upload it below as the 1033 Consent. The reviewer asks for it before approving when it is needed.";

/**
 * The personal question that names the offences 18 U.S.C. 1033 covers (a crime involving
 * dishonesty or breach of trust), found by its wording: the catalogue's ids differ per installation.
 */
export function is1033Question(questionText: string): boolean {
  return /breach of trust/i.test(questionText) && questionText.charAt(1) !== ")";
}

/** True when the answers say Yes to the 1033 question (answers by question id, 'Y' / 'N'). */
export function asks1033Consent(questions: ReadonlyArray<{ questionId: number | string; questionText: string }>, answerOf: (questionId: string) => string | undefined): boolean {
  return questions.some((q) => is1033Question(q.questionText) && answerOf(String(q.questionId)) === "Y");
}

/**
 * What the review screen says of the 1033 consent when the answers ask for it. The question also
 * covers a charge and a misdemeanour, which 1033 does not: the applicant is asked, not stopped,
 * and the reviewer decides (decision 0121).
 */
export const CONSENT_1033_NEEDED = "Asked (18 U.S.C. 1033): not uploaded; needed if the Yes was a felony conviction";
export const CONSENT_1033_UPLOADED = "Uploaded";
