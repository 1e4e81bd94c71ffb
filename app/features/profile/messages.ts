// The one message catalogue of the profile page (spec part 1 §5 'Profile', §8 'Profile').
import { TRY_AGAIN_LATER } from "~/features/documents/view-messages";

const NO_MIDDLE_NAME = "I have no middle name";

export const PROFILE_MESSAGES = {
  required: (label: string) => `${label} is required`,
  phoneInvalid: "Phone Number is invalid",
  noMiddleName: NO_MIDDLE_NAME,
  middleNameMissing: `Enter your middle name or initial, or tick '${NO_MIDDLE_NAME}'`,
  middleNameAndNone: `Leave Middle Name or Initial empty, or untick '${NO_MIDDLE_NAME}'`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  invalidTitle: "Missing or Invalid",
  invalidLead: "Please correct these fields:",
  successTitle: "Successfully Updated!",
  success: "Your profile was saved.",
  failureTitle: "Profile Update Failed",
  failure: `Your profile could not be saved. ${TRY_AGAIN_LATER}`,
  /** The provider's own page (password, sign-in email). */
  providerProfile: "Change your password or sign-in email",
  /** 'Sign out of every other device' (decision 0035). */
  otherDevicesTitle: "Your other devices",
  otherDevicesLead:
    "Signed in somewhere you no longer use, or on a device that is not yours? Sign out everywhere else: you stay signed in here.",
  otherDevicesButton: "Sign out of every other device",
  otherDevicesDoneTitle: "Signed Out Elsewhere",
  otherDevicesDone: (n: number) =>
    n === 0 ? "No other device was signed in to the portal; any other sign-in has been ended too." : `Signed out of ${n} other session${n === 1 ? "" : "s"}. You are still signed in here.`,
} as const;

export const PROFILE_LABELS = {
  firstName: "First Name",
  middleName: "Middle Name or Initial",
  lastName: "Last Name",
  phoneNumber: "Phone Number",
} as const;
