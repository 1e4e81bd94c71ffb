// The banner of a refused Send a Recruitment Invitation form (issue 20,
// decision 0046): it names the fields that are wrong, each with its message
// and a link to the field; its title is the spec's 'All fields except for CC
// Email Address need to be filled in' only when a required field is empty.
// The same messages stand next to each field (conform).
import { Banner } from "~/components/Banner";
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
    <Banner variant="error" title={missing ? INVITE_MESSAGES.allFieldsRequired : INVALID_BANNER.checkTitle} role="alert">
      {wrong.length ? (
        <>
          <p>{INVALID_BANNER.lead}</p>
          <ul className="invite__wrong">
            {wrong.map((f) => (
              <li key={f}>
                <a href={`#${domIds[f]}`}>{INVITE_LABELS[f]}</a>: {errors[f]!.join(" ")}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{INVALID_BANNER.stale}</p>
      )}
    </Banner>
  );
}
