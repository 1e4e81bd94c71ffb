// ADMIN > State Filings: 'Appointments' and 'Terminations', one page each (decision 0118); plain
// links, the current one marked.
import { Link } from "@remix-run/react";

const TABS = [
  { to: "/admin/state-filings", label: "Appointments" },
  { to: "/admin/state-filings/terminations", label: "Terminations" },
] as const;

export function StateFilingsTabs({ current }: { current: "Appointments" | "Terminations" }) {
  return (
    <nav aria-label="State filings" className="filing-tabs">
      <ul>
        {TABS.map((t) => (
          <li key={t.to}>
            <Link to={t.to} aria-current={t.label === current ? "page" : undefined}>
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
