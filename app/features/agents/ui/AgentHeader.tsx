// The agent detail's header card (spec part 3 §2 'Agent detail').
import type { AgentDetail } from "../detail.server";
import { formatDate } from "../format";
import { DETAIL_MESSAGES } from "../messages";

export function AgentHeader({ detail }: { detail: AgentDetail }) {
  return (
    <section className="card agent-header" aria-label="Agent">
      <h2>{detail.name || DETAIL_MESSAGES.noAgentNumber}</h2>
      <span>
        Agent number <strong>{detail.agentNumber}</strong>
      </span>
      <span>
        Company / block{" "}
        <strong>
          {detail.companyNumber} / {detail.blockNumber}
        </strong>
      </span>
      <span>{detail.isDirector ? <strong>{DETAIL_MESSAGES.marketingDirector}</strong> : <>Level <strong>{detail.hierarchyLevel}</strong></>}</span>
      {!detail.isActive ? <span className="status-pill">Deactivated {formatDate(detail.terminationDate)}</span> : null}
    </section>
  );
}
