// How guessable a new password is: zxcvbn-ts with its common and English
// dictionaries (passwords, names, words, keyboard patterns), plus the
// person's own words (email, its local part, names) and the product's name.
// Used only through the password rule of schema.ts (ASVS 5.0 V6.2).
import { ZxcvbnFactory, type ZxcvbnResult } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";

/**
 * zxcvbn score a new password needs: 4, an estimate of at least 10^10 guesses. Score 3 is
 * only 10^8 and let "Summer2026!!" (a season, a year, two marks) through (issue 18 item 7).
 */
export const MIN_PASSWORD_SCORE = 4;

/** Words of the page itself: every password is checked against them. */
export const PRODUCT_WORDS = ["Appointment Portal", "appointmentportal", "appointment", "portal"];

let factory: ZxcvbnFactory | undefined;

function zxcvbn() {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    // The estimate of a longer password only gets stronger; this bounds the work per check.
    maxLength: 100,
  });
  return factory;
}

/** The person's words: each value, an email's local part and its pieces (split on . _ - +). */
export function contextWords(values: Array<string | null | undefined>): string[] {
  const out = new Set<string>(PRODUCT_WORDS);
  for (const raw of values) {
    const v = (raw ?? "").trim().toLowerCase();
    if (!v) continue;
    out.add(v);
    const at = v.indexOf("@");
    if (at > 0) {
      const local = v.slice(0, at);
      out.add(local);
      for (const piece of local.split(/[._+-]+/)) if (piece.length >= 3) out.add(piece);
      out.add(v.slice(at + 1).split(".")[0]);
    }
  }
  return [...out].filter((w) => w.length >= 3).slice(0, 50);
}

export type StrengthVerdict = { ok: true } | { ok: false; message: string };

/** Refuses a password zxcvbn scores under MIN_PASSWORD_SCORE, with its warning as the reason. */
export function checkPasswordStrength(password: string, context: Array<string | null | undefined>): StrengthVerdict {
  const result: ZxcvbnResult = zxcvbn().check(password, contextWords(context));
  // zxcvbn finds the person's words but may still score "JordanWhitfield1" 3: a password built on
  // their name, email or the site's name (a found word of 4+ letters) is refused whatever the score.
  const personal = result.sequence.some((m) => "dictionaryName" in m && m.dictionaryName === "userInputs" && m.token.length >= 4);
  if (result.score >= MIN_PASSWORD_SCORE && !personal) return { ok: true };
  const reason = personal
    ? "It contains your name, your email address or the name of this site."
    : result.feedback.warning || result.feedback.suggestions[0] || "";
  return {
    ok: false,
    message: `This password is too easy to guess. ${reason ? `${reason} ` : ""}Use a few uncommon words or a longer phrase.`,
  };
}
