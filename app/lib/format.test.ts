import { expect, it } from "vitest";
import { formatPhone } from "./format";

it.each([
  ["8605550150", "(860) 555-0150"],
  ["860-555-0150", "(860) 555-0150"],
  ["12345", "12345"],
  [null, ""],
])("formatPhone(%s) = %s", (input, expected) => {
  expect(formatPhone(input)).toBe(expected);
});
