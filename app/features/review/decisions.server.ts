// Back-office decisions on submitted applications (issue 11): return for
// correction, reject, approve. Contract shared by the review screens
// (app/routes/admin.review*) and the decision domain; each function runs in
// one transaction, writes an AppointmentDecision row and an audit entry, and is
// refused with ALREADY_DECIDED when the application is no longer
// APWF_STATUS_NEWCONTRACT (two clicks at once give one decision).
import type { DataSectionId } from "~/features/appointment/model";

export type DecisionCode = "RETURN" | "REJECT" | "APPROVE";

export type DecisionRefusal = {
  ok: false;
  /** NOT_FOUND: no such application; NOT_ADMIN: the actor is not an internal administrator;
   *  ALREADY_DECIDED: the application is not awaiting approval any more. */
  code: "NOT_FOUND" | "NOT_ADMIN" | "ALREADY_DECIDED";
  message: string;
};

export type DecisionResult =
  | { ok: true; decision: DecisionCode; statusCode: string; /** APPROVE only */ agentNumber?: string }
  | DecisionRefusal;

export type DecisionInput = {
  appointmentId: number;
  /** The internal administrator deciding (User.id). */
  adminUserId: string;
  /** Required, 1..2000 characters after trimming (checked by the review form's schema too). */
  reason: string;
  /** Optional: the request, for the audit log's address and user agent. */
  request?: Request;
};

/** Back to APWF_STATUS_INCOMPLETE with the reason and the deficient sections shown to the prospect. */
export async function returnApplication(_input: DecisionInput & { sections: DataSectionId[] }): Promise<DecisionResult> {
  throw new Error("returnApplication: not implemented yet");
}

/** APWF_STATUS_REJECTED (final); card data erased. */
export async function rejectApplication(_input: DecisionInput): Promise<DecisionResult> {
  throw new Error("rejectApplication: not implemented yet");
}

/** APWF_STATUS_APPROVED: agent number, agent records placed in the hierarchy, invitation APPOINTED, fees, card erased. */
export async function approveApplication(_input: DecisionInput): Promise<DecisionResult> {
  throw new Error("approveApplication: not implemented yet");
}
