// New link codes: 20 characters of a 32-letter alphabet (no look-alikes),
// 5 random bits each from the system's CSPRNG: 100 bits, not guessable.
import { randomBytes } from "node:crypto";

export const LINK_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const LINK_CODE_LENGTH = 20;
/** Random bits in a new code (the issue asks for at least 96). */
export const LINK_CODE_BITS = LINK_CODE_LENGTH * Math.log2(LINK_CODE_ALPHABET.length);

/** A new random link code (256 is a multiple of 32: no bias). */
export function newLinkCode(): string {
  return Array.from(randomBytes(LINK_CODE_LENGTH), (b) => LINK_CODE_ALPHABET[b % LINK_CODE_ALPHABET.length]).join("");
}
