// The spec's texts (part 1 §2, §5, §8), as users read them.
import { describe, expect, it } from "vitest";
import {
  APPOINTMENT_LINK_NOT_FOUND,
  EMPTY_INVITES,
  HIDE_APPOINTED_LABEL,
  INVITE_MESSAGES,
  INVITE_WHO_WHAT_WHERE,
  NOT_AVAILABLE,
  OOPS,
  SCHEDULE_DOC_UNAVAILABLE,
  SENT,
} from "./messages";

describe("invitation messages", () => {
  it("use the spec's wording", () => {
    expect(INVITE_MESSAGES.allFieldsRequired).toBe("All fields except for CC Email Address need to be filled in");
    expect(SCHEDULE_DOC_UNAVAILABLE.title).toBe("Schedule Doc Unavailable");
    expect(INVITE_WHO_WHAT_WHERE.title).toBe("Invite Who, What, Where?");
    expect(APPOINTMENT_LINK_NOT_FOUND.title).toBe("Appointment Link Not Found");
    expect(APPOINTMENT_LINK_NOT_FOUND.message).toMatch(/disabled/);
    expect(NOT_AVAILABLE.title).toBe("Not Available");
    expect(NOT_AVAILABLE.message).toMatch(/outside the portal/);
    expect(OOPS.title).toBe("Oops!");
    expect(SENT.title).toBe("Sent!");
    expect(SENT.message).toMatch(/copy .* up to 20 minutes/);
    expect(HIDE_APPOINTED_LABEL).toBe("Hide Invites for Appointed Agents");
    expect(EMPTY_INVITES).toMatch(/no invitation data was found/i);
  });
});
