// /agents (spec part 3 §2 'Agents screen'): the hierarchy dropdown, the
// 'Request that an Agent be Moved' link, tabs ACTIVE AGENTS (carrier
// sub-tabs from the user's own hierarchies), SEARCH and DEACTIVATED.
// Everything is a link or a GET form: it works without JavaScript; with it,
// the same links navigate in place (the loader's JSON, no page reload, the
// scroll position kept). Only the signed-in user's own positions and what is
// under them are ever read (app/features/agents/agents.server.ts).
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { PageHeader } from "~/components/PageHeader";
import { Pager, readPaging } from "~/components/Pager";
import { SignedInLayout } from "~/components/SignedInLayout";
import {
  carrierTabs,
  deactivatedAgents,
  loadTree,
  ownPositions,
  pickPosition,
  readTreeParams,
  searchDownline,
  type Position,
  type SearchResult,
  type TreeNode,
  type TreeView,
} from "~/features/agents/agents.server";
import { DEACTIVATED_PAGE_SIZES, SEARCH_PAGE_SIZES, TREE_MAX_PAGES, TREE_PAGE_SIZE } from "~/features/agents/constants";
import { agentName, formatDate, fullName } from "~/features/agents/format";
import { HierarchyPicker } from "~/features/agents/HierarchyPicker";
import { DETAILS_UNAVAILABLE, HIERARCHY_MESSAGES, SEARCH_MESSAGES } from "~/features/agents/messages";
import { mayRequestMove } from "~/features/agents/detail.server";
import { searchSchema } from "~/features/agents/schema";
import { requireUser } from "~/lib/auth.server";
import { titleMeta } from "~/lib/meta";
import agentsStyles from "~/styles/agents.css";

export const meta = titleMeta("Agents");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: agentsStyles }];

type Tab = "active" | "search" | "deactivated";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const q = url.searchParams;
  const tab: Tab = q.get("tab") === "search" ? "search" : q.get("tab") === "deactivated" ? "deactivated" : "active";
  const positions = await ownPositions(user.id);
  const position = pickPosition(positions, q.get("h"));
  const base = {
    tab,
    positions,
    position,
    tabs: carrierTabs(positions),
    showMoveLink: await mayRequestMove(user, positions),
    unavailable: q.get("unavailable") === "1",
  };
  if (!position) return { ...base, tree: null, treeParams: null, search: null, deactivated: null };

  if (tab === "search") {
    const fields = {
      lastName: q.get("lastName") ?? "",
      firstName: q.get("firstName") ?? "",
      agentNumber: q.get("agentNumber") ?? "",
      companyName: q.get("companyName") ?? "",
    };
    const asked = q.get("go") === "1";
    if (!asked) return { ...base, tree: null, treeParams: null, deactivated: null, search: { fields, asked, error: null, failed: false, results: null } };
    const parsed = searchSchema.safeParse(fields);
    if (!parsed.success) {
      return data(
        { ...base, tree: null, treeParams: null, deactivated: null, search: { fields, asked, error: SEARCH_MESSAGES.empty, failed: false, results: null } },
        { status: 400 },
      );
    }
    const paging = readPaging(url, { pageSizes: SEARCH_PAGE_SIZES });
    try {
      const found = await searchDownline(position.id, parsed.data, paging);
      return { ...base, tree: null, treeParams: null, deactivated: null, search: { fields, asked, error: null, failed: false, results: { ...found, ...paging } } };
    } catch (e) {
      console.error("[agents] search failed", e instanceof Error ? e.message : e);
      return data({ ...base, tree: null, treeParams: null, deactivated: null, search: { fields, asked, error: null, failed: true, results: null } }, { status: 503 });
    }
  }

  if (tab === "deactivated") {
    const paging = readPaging(url, { pageSizes: DEACTIVATED_PAGE_SIZES });
    const found = await deactivatedAgents(position.id, paging);
    return { ...base, tree: null, treeParams: null, search: null, deactivated: { ...found, ...paging } };
  }

  const params = readTreeParams(q);
  const tree = await loadTree(position, params);
  return {
    ...base,
    tree,
    treeParams: { open: tree?.open ?? [], pages: [...params.pages.entries()], filter: params.filter },
    search: null,
    deactivated: null,
  };
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AgentsRoute() {
  const d = useLoaderData<typeof loader>();
  return (
    <SignedInLayout>
      <PageHeader
        title="Agents"
        lead="Your downline: active agents, search and agents deactivated over the last 12 months"
        actions={
          d.showMoveLink ? (
            <Link to="/svcreq/SVCREQ_LEVELCHG" className="btn btn--secondary btn--small">
              {HIERARCHY_MESSAGES.moveRequest}
            </Link>
          ) : null
        }
      />
      {!d.position ? (
        <Banner variant="info" title="No Hierarchy">
          <p>{HIERARCHY_MESSAGES.noPositions}</p>
        </Banner>
      ) : (
        <>
          <HierarchyPicker positions={d.positions} position={d.position} id="hierarchy" keep={{ tab: d.tab }} />
          <nav aria-label="Agents views">
            <ul className="tabs">
              {(
                [
                  ["active", "ACTIVE AGENTS"],
                  ["search", "SEARCH"],
                  ["deactivated", "DEACTIVATED"],
                ] as const
              ).map(([t, label]) => (
                <li key={t}>
                  <Link className="tabs__link" to={`/agents?tab=${t}&h=${d.position!.id}`} aria-current={d.tab === t ? "page" : undefined}>
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {d.unavailable ? (
            <Banner variant="warning" title={DETAILS_UNAVAILABLE.title} role="alert">
              <p>{DETAILS_UNAVAILABLE.message}</p>
            </Banner>
          ) : null}
          {d.tab === "active" && d.tree ? <ActiveTab d={d} tree={d.tree} /> : null}
          {d.tab === "search" && d.search ? <SearchTab d={d} /> : null}
          {d.tab === "deactivated" && d.deactivated ? <DeactivatedTab d={d} /> : null}
        </>
      )}
    </SignedInLayout>
  );
}

/** The /agents URL of the tree with the given expanded nodes and pages. */
function treeHref(h: number, open: number[], pages: Array<[number, number]>, filter: string, extra: Record<string, string> = {}) {
  const p = new URLSearchParams({ tab: "active", h: String(h) });
  if (open.length) p.set("open", open.join(","));
  const kept = pages.filter(([id, n]) => n > 1 && (open.includes(id) || id === h));
  if (kept.length) p.set("pages", kept.map(([id, n]) => `${id}:${n}`).join(","));
  if (filter) p.set("filter", filter);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  return `/agents?${p}`;
}

function ActiveTab({ d, tree }: { d: LoaderData; tree: TreeView }) {
  const position = d.position!;
  const tp = d.treeParams!;
  const open = tp.open.filter((id) => id !== tree.root.id);
  const tabsForCarrier = d.tabs;
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
          FILTER
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
          <TreeItem node={tree.root} tree={tree} d={d} isRoot />
        </ul>
      </div>
    </section>
  );
}

function TreeItem({ node, tree, d, isRoot = false }: { node: TreeNode; tree: TreeView; d: LoaderData; isRoot?: boolean }) {
  const position = d.position!;
  const tp = d.treeParams!;
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
            aria-label={`${isOpen ? "Collapse" : "Expand"} ${name} (${node.childCount} agents)`}
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
            <TreeItem key={c.id} node={c} tree={tree} d={d} />
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

function SearchTab({ d }: { d: LoaderData }) {
  const s = d.search!;
  const position = d.position!;
  const location = useLocation();
  const fields = [
    ["lastName", "Last name"],
    ["firstName", "First name"],
    ["agentNumber", "Agent number"],
    ["companyName", "Company name"],
  ] as const;
  return (
    <section aria-labelledby="search-title">
      <h2 id="search-title" className="visually-hidden">
        Search the downline
      </h2>
      {s.error ? (
        <Banner variant="error" title={SEARCH_MESSAGES.emptyTitle}>
          <p>{s.error}</p>
        </Banner>
      ) : null}
      {s.failed ? (
        <Banner variant="error" title={SEARCH_MESSAGES.failureTitle}>
          <p>{SEARCH_MESSAGES.failure}</p>
        </Banner>
      ) : null}
      <Form method="get" className="card form" role="search" aria-label="Search the downline" key={location.search}>
        <input type="hidden" name="tab" value="search" />
        <input type="hidden" name="h" value={position.id} />
        <input type="hidden" name="go" value="1" />
        <div className="form-grid">
          {fields.map(([name, label]) => (
            <div className="field" key={name}>
              <label htmlFor={`search-${name}`}>{label}</label>
              <input id={`search-${name}`} name={name} type="search" maxLength={60} defaultValue={s.fields[name]} autoComplete="off" />
            </div>
          ))}
        </div>
        <div className="btn-row">
          <button type="submit" className="btn btn--primary">
            SEARCH
          </button>
          <Link to={`/agents?tab=search&h=${position.id}`} className="btn btn--secondary">
            CLEAR
          </Link>
        </div>
      </Form>
      {s.results ? <SearchResults results={s.results} position={position} /> : null}
    </section>
  );
}

function SearchResults({ results, position }: { results: { results: SearchResult[]; totalRecords: number; page: number; pageSize: number }; position: Position }) {
  if (!results.totalRecords) return <p className="muted">{SEARCH_MESSAGES.noResults}</p>;
  return (
    <>
      <div className="table-wrap agents-grid" tabIndex={0} role="region" aria-label="Search results">
        <table className="table">
          <caption className="visually-hidden">Agents found</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Agent number</th>
              <th scope="col">Company name</th>
              <th scope="col">Level</th>
              <th scope="col">Company / block</th>
              <th scope="col">Direct upline</th>
              <th scope="col">MGA code</th>
            </tr>
          </thead>
          <tbody>
            {results.results.map((r) => (
              <tr key={r.id}>
                <td>
                  <Link to={`/agent?h=${position.id}&agentNumber=${encodeURIComponent(r.agentNumber)}`}>{agentName({ ...r, agentType: r.lastName ? r.agentType : "C" })}</Link>
                </td>
                <td>{r.agentNumber}</td>
                <td>{r.companyName ?? ""}</td>
                <td>{r.hierarchyLevel}</td>
                <td>
                  {r.companyNumber} / {r.blockNumber}
                </td>
                <td>{r.directUpline ?? ""}</td>
                <td>{r.mgaCode}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={results.page} pageSize={results.pageSize} totalRecords={results.totalRecords} pageSizes={SEARCH_PAGE_SIZES} label="Search result pages" />
    </>
  );
}

function DeactivatedTab({ d }: { d: LoaderData }) {
  const r = d.deactivated!;
  return (
    <section aria-labelledby="deactivated-title">
      <h2 id="deactivated-title">Deactivated over the last 12 months</h2>
      {r.totalRecords === 0 ? (
        <p className="muted">No agents of this hierarchy were deactivated over the last 12 months.</p>
      ) : (
        <>
          <div className="table-wrap agents-grid" tabIndex={0} role="region" aria-label="Deactivated agents">
            <table className="table">
              <caption className="visually-hidden">Agents deactivated over the last 12 months</caption>
              <thead>
                <tr>
                  <th scope="col">Full name</th>
                  <th scope="col">Agent number</th>
                  <th scope="col">Company number</th>
                  <th scope="col">Block number</th>
                  <th scope="col">Terminated</th>
                </tr>
              </thead>
              <tbody>
                {r.results.map((a) => (
                  <tr key={a.id}>
                    <td>{fullName(a)}</td>
                    <td>{a.agentNumber}</td>
                    <td>{a.companyNumber}</td>
                    <td>{a.blockNumber}</td>
                    <td>{formatDate(a.terminationDate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={r.page} pageSize={r.pageSize} totalRecords={r.totalRecords} pageSizes={DEACTIVATED_PAGE_SIZES} label="Deactivated agents pages" />
        </>
      )}
    </section>
  );
}
