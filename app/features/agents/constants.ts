// Limits of the agents screens (spec part 3 §9), shared by the server and the page.
export const TREE_PAGE_SIZE = 40;
/** '(more)' pages shown at once without JavaScript (40 x 25 = 1,000 children). */
export const TREE_MAX_PAGES = 25;
/** Expanded nodes kept in the URL. */
export const TREE_MAX_OPEN = 50;
export const SEARCH_PAGE_SIZES = [10, 20, 50];
export const DEACTIVATED_PAGE_SIZES = [10, 20, 50];
export const DEACTIVATED_MONTHS = 12;
/** An agent whose position an approval created this many days ago or less is 'new' in the tree (decision 0098). */
export const NEW_AGENT_DAYS = 14;
/** Agent detail panel: children page size and parent levels (spec §9). */
export const DETAIL_CHILD_PAGE_SIZE = 20;
export const DETAIL_PARENT_LEVELS = 10;
