// With JavaScript the derived data of spec §4 follows the typing on Personal
// Information; the server derives the same on save (personal.server.ts), so
// without JavaScript it appears after SAVE:
//   first / middle / last name → the W-9 name, capitalised, while it is blank
//     or still the derived one;
//   email → lowercased when leaving the field;
//   corporate types → the EIN mirrors the business tax id, the W-9 business
//     name the business name.
import { useRef, type FocusEvent, type FormEvent } from "react";
import { normalizeEmail, w9Name } from "../derive";
import { isCorporateType, type AppointmentTypeCode } from "../model";
import { fieldDomId } from "~/components/form/fields";

type Input = HTMLInputElement | null;
const input = (name: string) => document.getElementById(fieldDomId(name)) as Input;
const valueOf = (name: string) => input(name)?.value ?? "";

function set(name: string, value: string) {
  const el = input(name);
  if (!el || el.readOnly || el.value === value) return;
  el.value = value;
  el.dispatchEvent(new Event("input", { bubbles: true }));
}

const NAMES = new Set(["firstName", "middleName", "lastName"]);
const MIRRORS: Record<string, string> = { businessTaxID: "apptIRSInfo.employerIdNumber", businessName: "apptIRSInfo.businessName" };

/** Handlers for the Personal Information section's container. */
export function useDerivedTyping(typeCode: AppointmentTypeCode) {
  const derivedW9 = useRef<string | null>(null);
  const currentW9 = () => w9Name(valueOf("firstName"), valueOf("middleName"), valueOf("lastName"));
  return {
    onFocus: () => {
      derivedW9.current ??= currentW9();
    },
    onInput: (e: FormEvent<HTMLElement>) => {
      const name = (e.target as HTMLInputElement).name;
      if (NAMES.has(name)) {
        const before = derivedW9.current ?? "";
        const shown = valueOf("apptIRSInfo.name");
        const next = currentW9();
        if (shown === "" || shown.toLowerCase() === before.toLowerCase()) set("apptIRSInfo.name", next);
        derivedW9.current = next;
      } else if (MIRRORS[name] && isCorporateType(typeCode)) {
        set(MIRRORS[name], (e.target as HTMLInputElement).value);
      }
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      const el = e.target as HTMLInputElement;
      if (el.name === "emailAddress" && !el.readOnly) set("emailAddress", normalizeEmail(el.value));
    },
  };
}
