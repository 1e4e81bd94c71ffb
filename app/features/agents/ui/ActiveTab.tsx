// The ACTIVE AGENTS tab of /agents (spec part 3 §2): the carrier sub-tabs,
// the name filter and the hierarchy tree, all links and GET forms.
import { Form, Link } from "@remix-run/react";
import type { Position, TreeNode } from "../agents.server";
import type { TreeView } from "../tree.server";
import { NEW_AGENT_DAYS, TREE_MAX_PAGES, TREE_PAGE_SIZE } from "../constants";
import { agentName } from "../format";

/** A carrier sub-tab: its label and the position it opens. */
export type CarrierTab = { label: string; positionId: number };

/** The tree's expanded nodes, pages per node and name filter, as the loader returns them. */
export type TreeParams = { open: number[]; pages: Array<[number, number]>; filter: string };

/** The /agents URL of the tree with the given expanded nodes and pages. */
export function treeHref(h: number, open: number[], pages: Array<[number, number]>, filter: string, extra: Record<string, string> = {}) {
  const p = new URLSearchParams({ tab: "active", h: String(h) });
  if (open.length) p.set("open", open.join(","));
  const kept = pages.filter(([id, n]) => n > 1 && (open.includes(id) || id === h));
  if (kept.length) p.set("pages", kept.map(([id, n]) => `${id}:${n}`).join(","));
  if (filter) p.set("filter", filter);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  return `/agents?${p}`;
}

export function ActiveTab({ position, tabs, tree, treeParams: tp }: { position: Position; tabs: CarrierTab[]; tree: TreeView; treeParams: TreeParams }) {
  const open = tp.open.filter((id) => id !== tree.root.id);
  const tabsForCarrier = tabs;
  return (
    <section aria-labelledby="active-title">
      <h2 id="active-title" className="visually-hidden">
        Active agents
      </h2>
      <nav aria-label="Carriers">
        <ul className="tabs tabs--sub">
          {tabsForCarrier.map((t) => (
            <li key={t.label}>
              <Link className="tabs__link" to={`/agents?tab=active&h=${t.positionId}`} aria-current={position.tab === t.label ? "page" : undefined}>
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="inline-form" role="search" aria-label="Filter the tree by name">
        <input type="hidden" name="tab" value="active" />
        <input type="hidden" name="h" value={position.id} />
        {open.length ? <input type="hidden" name="open" value={open.join(",")} /> : null}
        <div className="field">
          <label htmlFor="tree-filter">Name filter</label>
          <input id="tree-filter" name="filter" type="search" maxLength={60} defaultValue={tp.filter} key={tp.filter} />
        </div>
        <button type="submit" className="btn btn--secondary btn--small">
          Filter
        </button>
        {tp.filter ? (
          <Link to={treeHref(position.id, open, tp.pages, "")} className="btn btn--link btn--small">
            CLEAR
          </Link>
        ) : null}
      </Form>
      <div className="tree-wrap" tabIndex={0} role="region" aria-label="Agent hierarchy tree">
        <ul className="tree">
          {tree.upline ? (
            <li className="tree__upline">
              <div className="tree__row">
                <span className="tree__leaf" aria-hidden="true" />
                <Link to={treeHref(position.id, open, tp.pages, tp.filter, { unavailable: "1" })} preventScrollReset>
                  {agentName(tree.upline)}
                </Link>
                <span className="tree__meta">
                  #{tree.upline.agentNumber} · Level {tree.upline.hierarchyLevel} · your upline
                </span>
              </div>
            </li>
          ) : null}
          <TreeItem node={tree.root} tree={tree} position={position} treeParams={tp} isRoot />
        </ul>
      </div>
    </section>
  );
}

function TreeItem({
  node,
  tree,
  position,
  treeParams: tp,
  isRoot = false,
}: {
  node: TreeNode;
  tree: TreeView;
  position: Position;
  treeParams: TreeParams;
  isRoot?: boolean;
}) {
  const open = tp.open.filter((id) => id !== tree.root.id);
  const kids = tree.children[node.id];
  const isOpen = Boolean(kids);
  const toggleHref = isOpen
    ? treeHref(position.id, open.filter((id) => id !== node.id), tp.pages, tp.filter)
    : treeHref(position.id, [...open, node.id], tp.pages, tp.filter);
  const name = agentName(node);
  const ids = `agentNumber=${encodeURIComponent(node.agentNumber)}&companyNumber=${encodeURIComponent(node.companyNumber)}&blockNumber=${node.blockNumber}`;
  const morePages = (kids?.pages ?? 1) + 1;
  const moreHref = treeHref(
    position.id,
    open,
    [...tp.pages.filter(([id]) => id !== node.id), [node.id, Math.min(morePages, TREE_MAX_PAGES)]],
    tp.filter,
  );
  return (
    <li>
      <div className="tree__row">
        {node.childCount > 0 && !isRoot ? (
          <Link
            to={toggleHref}
            className="tree__toggle"
            aria-expanded={isOpen}
            aria-label={`${isOpen ? "Collapse" : "Expand"} ${name} (${node.childCount} agent${node.childCount === 1 ? "" : "s"})`}
            preventScrollReset
            replace
          >
            {isOpen ? "−" : "+"}
          </Link>
        ) : (
          <span className="tree__leaf" aria-hidden="true" />
        )}
        <Link to={`/agent?h=${position.id}&agentNumber=${encodeURIComponent(node.agentNumber)}`}>{name}</Link>
        <span className="tree__meta">
          #{node.agentNumber} · Level {node.hierarchyLevel}
          {node.childCount ? ` · ${node.childCount} direct` : ""}
        </span>
        {node.isNew ? (
          <span className="lic-state lic-state--valid" title={`Appointed in the last ${NEW_AGENT_DAYS} days`}>
            new
          </span>
        ) : null}
        <span className="tree__actions">
          <Link to={`/linx?${ids}`}>
            Links<span className="visually-hidden"> of {name}</span>
          </Link>
          <Link to={`/linx?${ids}&new=1`}>
            New Appointment<span className="visually-hidden"> under {name}</span>
          </Link>
        </span>
      </div>
      {kids ? (
        <ul>
          {kids.nodes.map((c) => (
            <TreeItem key={c.id} node={c} tree={tree} position={position} treeParams={tp} />
          ))}
          {kids.nodes.length === 0 && tp.filter ? (
            <li className="muted">No agents under {name} match the filter.</li>
          ) : null}
          {kids.hasMore && kids.pages < TREE_MAX_PAGES ? (
            <li>
              <Link to={moreHref} preventScrollReset replace>
                (more)<span className="visually-hidden"> agents under {name}, next {TREE_PAGE_SIZE}</span>
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}
