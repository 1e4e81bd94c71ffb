// The administrator's 'Work waiting' card (decision 0097): one tile per back-office screen, each a
// plain link (in-page navigation with JavaScript: nav-links.ts) whose text says the count, what it
// counts and, for applications, how long the oldest has waited. No JavaScript needed.
import { useClientLinks } from "~/components/nav-links";
import type { WorkTile } from "../admin-work.server";
import { WORK_MESSAGES as M } from "../messages";

export function WorkCard({ tiles }: { tiles: WorkTile[] }) {
  const link = useClientLinks();
  return (
    <section className="card" aria-labelledby="work-title" data-testid="work-waiting">
      <h2 id="work-title" className="card__title">
        {M.title}
      </h2>
      <p className="muted">{M.lead}</p>
      <ul className="work-tiles">
        {tiles.map((t) => (
          <li key={t.key}>
            <a {...link(t.href)} className="work-tile" data-testid={`work-${t.key}`}>
              {/* Spaces between the parts: the link's name reads '3 Applications awaiting review Oldest waiting 5 days'. */}
              <span className="work-tile__count">{t.count.toLocaleString("en-US")}</span>{" "}
              <span className="work-tile__label">{t.label}</span>{" "}
              <span className="work-tile__detail">{t.detail ?? (t.count === 0 ? M.nothing : "")}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
