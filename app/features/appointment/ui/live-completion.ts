// 'Still needed' and the completion as the prospect types (issue 36 items 6 and 8), with
// JavaScript: the same completion() the server stores, run on the saved application with the
// current section replaced by what its form holds now. Without JavaScript the server's
// completion after a save is all there is.
import { parse } from "@conform-to/dom";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { completion, type Completion } from "../completion";
import { SECTION_DATA_KEY, type ApplicationData, type ValidationContext } from "../form-data";
import type { DataSectionId, SectionId } from "../model";
import { coercedSectionSchema } from "../schema";

export type ShownCompletion = Pick<Completion, "percent" | "complete" | "deficiencies">;

/**
 * The completion with the form's current values for `section`: the post coerced as conform
 * coerces it for a save (the section's stored shape), or null when the form holds a value that
 * shape refuses (the saved values then still stand).
 */
export function completionWithForm(section: DataSectionId, form: HTMLFormElement, data: ApplicationData, ctx: ValidationContext): ShownCompletion | null {
  const { payload } = parse(new FormData(form), { resolve: (value) => ({ value }) });
  const current = coercedSectionSchema(section).safeParse(payload);
  if (!current.success) return null;
  return completion({ ...data, [SECTION_DATA_KEY[section]]: current.data }, ctx);
}

/** Typing settles for this long before the list is worked out again (ten zod parses). */
const SETTLE_MS = 150;

/**
 * The completion to show: the loader's until the form changes, then the live one. Starts again
 * from the loader's on another section or a server answer (`resetKey`).
 */
export function useLiveCompletion(
  section: SectionId,
  loaded: ShownCompletion,
  data: ApplicationData,
  context: Omit<ValidationContext, "now"> & { now: string },
  resetKey: unknown,
): { shown: ShownCompletion; changed: () => void } {
  const ctx = useMemo<ValidationContext>(() => ({ ...context, now: new Date(context.now) }) as ValidationContext, [context]);
  const [live, setLive] = useState<ShownCompletion | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    setLive(null);
    return () => window.clearTimeout(timer.current);
  }, [section, loaded, resetKey]);
  const changed = useCallback(() => {
    if (section === "INSTRUCT") return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const form = document.getElementById(`section-${section}`);
      if (!(form instanceof HTMLFormElement)) return;
      const next = completionWithForm(section, form, data, ctx);
      if (next) setLive(next);
    }, SETTLE_MS);
  }, [section, data, ctx]);
  return { shown: live ?? loaded, changed };
}
