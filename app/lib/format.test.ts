import { expect, it } from "vitest";
import { formatDate, formatPhone } from "./format";

it.each([
  ["8605550150", "(860) 555-0150"],
  ["860-555-0150", "(860) 555-0150"],
  ["12345", "12345"],
  [null, ""],
])("formatPhone(%s) = %s", (input, expected) => {
  expect(formatPhone(input)).toBe(expected);
});

// The portal's one date format (dashboard 'started on', invitations, agents, reports): MM/DD/YYYY in UTC.
it.each([
  ["2026-09-02T00:00:00.000Z", "09/02/2026"],
  ["2026-09-02T23:30:00.000Z", "09/02/2026"],
  [new Date(Date.UTC(2026, 11, 31)), "12/31/2026"],
  [null, ""],
  ["not a date", ""],
])("formatDate(%s) = %s", (input, expected) => {
  expect(formatDate(input)).toBe(expected);
});
