// The copy of a for-cause termination notice to the producer (decision 0111), rendered by the
// portal's one email kit (~/lib/email.server): names escaped by React, the text part from the HTML.
import { Facts, renderEmail } from "~/lib/email.server";
import { TERMINATION_MESSAGES } from "./terminations";

export function renderTerminationCopy(input: { name: string; stateCode: string; reasonCode: string; reasonLabel: string; effectiveDate: string }) {
  return renderEmail(
    TERMINATION_MESSAGES.producerCopySubject,
    <>
      <p>Hello{input.name ? ` ${input.name}` : ""},</p>
      <p>
        Your appointment has been terminated for cause. The state&apos;s insurance commissioner ({input.stateCode}) is notified, and this is your copy of
        the notice.
      </p>
      <Facts
        facts={[
          ["State", input.stateCode],
          ["Reason", `${input.reasonCode}: ${input.reasonLabel}`],
          ["Effective date", input.effectiveDate],
        ]}
      />
      <p>You may send the commissioner your own comments on the termination.</p>
    </>,
    "the law asks the carrier to send you a copy of a for-cause termination notice",
  );
}
