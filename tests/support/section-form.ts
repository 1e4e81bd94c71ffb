// A section of the application as the browser posts it: conform's field names
// ('home.address1', 'answers[0].answer'), checked boxes 'on' (unchecked ones
// left out), the states repeated, and the whole-form marker. Client-safe: the
// integration fixtures build a FormData of it, the e2e tests post it from the
// page.
import { ALL_FIELDS } from "~/features/appointment/form-data";

export function sectionFormEntries(obj: object): Array<[string, string]> {
  const entries: Array<[string, string]> = [[ALL_FIELDS, "1"]];
  const walk = (v: unknown, name: string) => {
    if (v === undefined || v === null) return;
    if (typeof v === "boolean") {
      if (v) entries.push([name, "on"]);
      return;
    }
    if (Array.isArray(v)) {
      if (name === "states") v.forEach((x) => entries.push(["states", String(x)]));
      else v.forEach((x, i) => walk(x, `${name}[${i}]`));
      return;
    }
    if (typeof v === "object") {
      for (const [k, x] of Object.entries(v)) walk(x, name ? `${name}.${k}` : k);
      return;
    }
    entries.push([name, String(v)]);
  };
  walk(obj, "");
  return entries;
}
