// patches/@conform-to+react+<version>.patch: a field's metadata (conform's Proxy with 17 getters) is
// made once per form state, not again at every property read, and the subscription list is added to
// in place instead of copied at every read. The application screen's Personal Information form
// reads each of its 76 fields' name, errors, key, initial value and maxLength several times per
// render: those copies were about 5 ms of its 20 ms render (docs/performance-appscreen-profile.md,
// section 7; decision 0066). The values a form shows must stay what conform gives: what the user
// typed, the errors next to the field, the constraint.
import { useForm, type SubmissionResult } from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";

const RealProxy = globalThis.Proxy;
afterEach(() => {
  globalThis.Proxy = RealProxy;
});

/** Counts the Proxy objects made while `f` runs (conform makes every metadata object as a Proxy). */
function countProxies<T>(f: () => T): { made: number; value: T } {
  let made = 0;
  globalThis.Proxy = new RealProxy(RealProxy, {
    construct(target, args: [object, ProxyHandler<object>]) {
      made++;
      return Reflect.construct(target, args);
    },
  });
  try {
    const value = f();
    return { made, value };
  } finally {
    globalThis.Proxy = RealProxy;
  }
}

type Seen = { made: number; reads: Record<string, unknown> };

function renderForm(lastResult: SubmissionResult<string[]> | null): Seen {
  let seen: Seen | undefined;
  function Probe() {
    const [, fields] = useForm({
      id: "probe",
      lastResult,
      defaultValue: { firstName: "Priya", home: { city: "Omaha" } },
      constraint: { firstName: { maxLength: 40 } },
    });
    const field = fields.firstName;
    const counted = countProxies(() => {
      const reads: Record<string, unknown> = {};
      // The field kit (app/components/form/fields.tsx) reads these, some of them several times.
      for (let i = 0; i < 3; i++) {
        for (const key of ["name", "id", "errorId", "errors", "key", "initialValue", "defaultValue", "maxLength"] as const) reads[key] = field[key];
      }
      return reads;
    });
    seen = { made: counted.made, reads: counted.value };
    return null;
  }
  renderToString(<Probe />);
  return seen!;
}

describe("conform's field metadata (patched)", () => {
  it("is made once per field and render, whatever the number of reads", () => {
    const { made, reads } = renderForm(null);
    // Unpatched: a new metadata Proxy at every read but maxLength's (and defaultValue's own read of
    // initialValue): 27 for these 24 reads.
    expect(made).toBeLessThanOrEqual(1);
    expect(reads).toMatchObject({ name: "firstName", id: "probe-firstName", errorId: "probe-firstName-error", initialValue: "Priya", defaultValue: "Priya", maxLength: 40 });
    expect(reads.errors).toBeUndefined();
  });

  it("still gives what the user typed and the server's errors after a refused save", () => {
    const reply: SubmissionResult<string[]> = { status: "error", initialValue: { firstName: "P" }, error: { firstName: ["First Name is too short."] } };
    const { reads } = renderForm(reply);
    expect(reads).toMatchObject({ name: "firstName", initialValue: "P", defaultValue: "P", errors: ["First Name is too short."], maxLength: 40 });
  });
});
