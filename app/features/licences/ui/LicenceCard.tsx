// The dashboard's 'Licenses and credentials' card (issue 23 item 1; decision 0069): the standing of
// the user's own NPN, how many licences are on record, the next expiry and its state, and the way
// to /licences.
import { Link } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import type { LicenceCard as Card } from "../card.server";
import { CREDENTIAL_LABEL, stateName } from "../messages";
import { LICENCE_SCREEN as S } from "../screen-messages";
import type { CredentialKind } from "../status";
import { ExpiryBadge, StandingBadge } from "../badges";

export function LicenceCard({ card }: { card: Card }) {
  const what = card.next ? (card.next.stateCode ? `${stateName(card.next.stateCode)} license` : CREDENTIAL_LABEL[card.next.kind as CredentialKind] ?? "") : "";
  return (
    <section className="card lic-card" aria-labelledby="licences-card-title">
      <h2 id="licences-card-title" className="card__title">
        {S.title}
      </h2>
      <dl>
        <dt>NPN</dt>
        <dd>{card.npn}</dd>
        {card.standing ? (
          <>
            <dt>{S.standingTitle}</dt>
            <dd>
              <StandingBadge standing={card.standing} />
            </dd>
          </>
        ) : null}
        <dt>{S.licencesTitle}</dt>
        <dd>{S.cardLicences(card.licences)}</dd>
        {/* The earliest date may be past: then it is what expired, not what is next. */}
        <dt>{card.next?.state === "EXPIRED" ? S.cardExpired : S.cardNextExpiry}</dt>
        <dd>
          {card.next ? (
            <>
              {what}: {formatDate(card.next.day)} <ExpiryBadge state={card.next.state} />
            </>
          ) : (
            S.cardNoExpiry
          )}
        </dd>
      </dl>
      <Link to="/licences" className="btn btn--secondary">
        {S.cardLink}
      </Link>
    </section>
  );
}
