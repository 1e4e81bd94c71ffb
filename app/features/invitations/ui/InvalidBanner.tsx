// The banner of a refused Send a Recruitment Invitation form (issue 20,
// decision 0046): it names the fields that are wrong, each with its message
// and a link to the field; its title is the spec's 'All fields except for CC
// Email Address need to be filled in' only when a required field is empty.
// The same messages stand next to each field (conform). One ErrorSummary
// for every refused form (decision 0103).
import { ErrorSummary } from "~/components/ErrorSummary";
import { INVALID_BANNER, INVITE_LABELS, INVITE_MESSAGES } from "../messages";

type Field = keyof typeof INVITE_LABELS;
const ORDER = Object.keys(INVITE_LABELS) as Field[];
const REQUIRED: readonly Field[] = ["firstName", "lastName", "email"];

export function InvalidBanner({ errors, domIds }: { errors: Record<string, string[] | undefined>; domIds: Record<Field, string> }) {
  const wrong = ORDER.filter((f) => errors[f]?.length);
  const hidden = Object.entries(errors).some(([k, e]) => e?.length && !ORDER.includes(k as Field));
  if (wrong.length === 0 && !hidden) return null;
  const missing = REQUIRED.some((f) => errors[f]?.includes(INVITE_MESSAGES.allFieldsRequired));
  return (
    <ErrorSummary
      title={missing ? INVITE_MESSAGES.allFieldsRequired : INVALID_BANNER.checkTitle}
      lead={wrong.length ? INVALID_BANNER.lead : undefined}
      errors={wrong.map((f) => ({ id: domIds[f], label: INVITE_LABELS[f], message: errors[f]!.join(" ") }))}
    >
      {wrong.length ? null : <p>{INVALID_BANNER.stale}</p>}
    </ErrorSummary>
  );
}
