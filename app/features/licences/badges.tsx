// The expiry state and standing badges (issue 23; decision 0069): the licence screens, the
// dashboard card and the agent detail page show them alike (styles: components.css 'Licenses').
import { EXPIRY_LABEL, STANDING_LABEL, TO_CONFIRM } from "./messages";
import type { ExpiryState, Standing } from "./status";

export function ExpiryBadge({ state }: { state: ExpiryState }) {
  return <span className={`lic-state lic-state--${state.toLowerCase()}`}>{EXPIRY_LABEL[state]}</span>;
}

export function StandingBadge({ standing }: { standing: Standing }) {
  return <span className={`lic-standing lic-standing--${standing.toLowerCase()}`}>{STANDING_LABEL[standing]}</span>;
}

/** A record from the application nobody has confirmed yet (decision 0098): the amber of 'expires soon'. */
export function ToConfirmBadge() {
  return <span className="lic-state lic-state--expiring_60">{TO_CONFIRM}</span>;
}
