// The agent detail's hierarchy panel: up to 10 parent levels inside the
// viewer's hierarchy and the direct downline (20, then the tree).
import { Link } from "@remix-run/react";
import type { Position } from "../agents.server";
import type { AgentDetail } from "../detail.server";
import { agentName } from "../format";
import { DETAIL_MESSAGES } from "../messages";

export function HierarchyPanel({ detail, position }: { detail: AgentDetail; position: Position }) {
  const href = (n: string) => `/agent?h=${position.id}&agentNumber=${encodeURIComponent(n)}`;
  return (
    <aside className="card" aria-labelledby="panel-title">
      <h2 id="panel-title">Hierarchy</h2>
      {detail.uplines.length ? (
        <>
          <h3>Uplines</h3>
          <ol className="download-list">
            {detail.uplines.map((u) => (
              <li key={u.agentNumber}>
                <Link to={href(u.agentNumber)}>{u.name}</Link> <span className="muted">#{u.agentNumber} · Level {u.hierarchyLevel}</span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <h3>Direct downline</h3>
      {detail.children.nodes.length ? (
        <ul className="download-list">
          {detail.children.nodes.map((c) => (
            <li key={c.id}>
              <Link to={href(c.agentNumber)}>{agentName(c)}</Link> <span className="muted">#{c.agentNumber}</span>
            </li>
          ))}
          {detail.children.hasMore ? (
            <li>
              <Link to={`/agents?tab=active&h=${position.id}&open=${detail.id}`}>(more in the tree)</Link>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="muted">{DETAIL_MESSAGES.noDirectDownline}</p>
      )}
    </aside>
  );
}
