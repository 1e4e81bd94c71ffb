// /agents (spec part 3 §2 'Agents screen'): the hierarchy dropdown, the
// 'Request that an Agent be Moved' link, tabs ACTIVE AGENTS (carrier
// sub-tabs from the user's own hierarchies), SEARCH and DEACTIVATED.
// Everything is a link or a GET form: it works without JavaScript; with it,
// the same links navigate in place (the loader's JSON, no page reload, the
// scroll position kept). Only the signed-in user's own positions and what is
// under them are ever read (app/features/agents/agents.server.ts).
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Banner } from "~/components/Banner";
import { PageHeader } from "~/components/PageHeader";
import { readPaging } from "~/components/Pager";
import { SignedInLayout } from "~/components/SignedInLayout";
import { carrierTabs, deactivatedAgents, ownPositionsAndDownline, pickPosition, searchDownline } from "~/features/agents/agents.server";
import { loadTree, ownPositionsAndTree, readTreeParams } from "~/features/agents/tree.server";
import { DEACTIVATED_PAGE_SIZES, SEARCH_PAGE_SIZES } from "~/features/agents/constants";
import { HierarchyPicker } from "~/features/agents/HierarchyPicker";
import { DETAILS_UNAVAILABLE, HIERARCHY_MESSAGES, SEARCH_MESSAGES } from "~/features/agents/messages";
import { mayRequestMove } from "~/features/agents/detail.server";
import { searchSchema } from "~/features/agents/schema";
import { ActiveTab } from "~/features/agents/ui/ActiveTab";
import { DeactivatedTab } from "~/features/agents/ui/DeactivatedTab";
import { SearchTab } from "~/features/agents/ui/SearchTab";
import { titleMeta } from "~/lib/meta";
import agentsStyles from "~/styles/agents.css";
import { requireCapability } from "~/lib/permissions.server";

export const meta = titleMeta("Agents");
export const links: LinksFunction = () => [{ rel: "stylesheet", href: agentsStyles }];

type Tab = "active" | "search" | "deactivated";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCapability(request, "read:downline");
  const url = new URL(request.url);
  const q = url.searchParams;
  const tab: Tab = q.get("tab") === "search" ? "search" : q.get("tab") === "deactivated" ? "deactivated" : "active";
  // The ACTIVE AGENTS tab reads the positions and the tree in one statement.
  const treeParams = tab === "active" ? readTreeParams(q) : null;
  const withTree = treeParams ? await ownPositionsAndTree(user.id, q.get("h"), treeParams) : null;
  const own = withTree ?? (await ownPositionsAndDownline(user.id));
  const { positions } = own;
  const position = pickPosition(positions, q.get("h"));
  const base = {
    tab,
    positions,
    position,
    tabs: carrierTabs(positions),
    showMoveLink: mayRequestMove(user, own),
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

  const params = treeParams ?? readTreeParams(q);
  const tree = withTree ? await withTree.tree(position) : await loadTree(position, params);
  return {
    ...base,
    tree,
    treeParams: { open: tree?.open ?? [], pages: [...params.pages.entries()], filter: params.filter },
    search: null,
    deactivated: null,
  };
}

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
          {d.tab === "active" && d.tree ? <ActiveTab position={d.position} tabs={d.tabs} tree={d.tree} treeParams={d.treeParams!} /> : null}
          {d.tab === "search" && d.search ? <SearchTab search={d.search} position={d.position} /> : null}
          {d.tab === "deactivated" && d.deactivated ? <DeactivatedTab deactivated={d.deactivated} /> : null}
        </>
      )}
    </SignedInLayout>
  );
}
