// A pager for server-paged grids (spec part 1 'Past invitations', part 3
// grids): first, previous, next, last, 'Page x of y', total records and a
// records-per-page choice. Pages are zero-based in the URL (?page=0).
// Plain links and a GET form: works without JavaScript; with JavaScript the
// page size is applied as soon as it changes.
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";

export type PagerProps = {
  /** Zero-based page. */
  page: number;
  pageSize: number;
  totalRecords: number;
  pageSizes?: number[];
  /** Query parameter names (default page / pageSize). */
  pageParam?: string;
  pageSizeParam?: string;
  label?: string;
};

export function pageCount(totalRecords: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, totalRecords) / Math.max(1, pageSize)));
}

export function Pager({
  page,
  pageSize,
  totalRecords,
  pageSizes = [10, 50],
  pageParam = "page",
  pageSizeParam = "pageSize",
  label = "Pages",
}: PagerProps) {
  const location = useLocation();
  const submit = useSubmit();
  const pages = pageCount(totalRecords, pageSize);
  const current = Math.min(Math.max(0, page), pages - 1);

  const hrefFor = (p: number) => {
    const params = new URLSearchParams(location.search);
    params.set(pageParam, String(p));
    params.set(pageSizeParam, String(pageSize));
    return `${location.pathname}?${params}`;
  };
  const keep = [...new URLSearchParams(location.search).entries()].filter(
    ([k]) => k !== pageParam && k !== pageSizeParam,
  );

  const nav = (p: number, text: string, aria: string, disabled: boolean) =>
    disabled ? (
      <span className="pager__link pager__link--disabled" aria-disabled="true">
        <span aria-hidden="true">{text}</span>
        <span className="visually-hidden">{aria}</span>
      </span>
    ) : (
      <Link className="pager__link" to={hrefFor(p)} aria-label={aria} preventScrollReset>
        <span aria-hidden="true">{text}</span>
      </Link>
    );

  return (
    <nav className="pager" aria-label={label}>
      <div className="pager__nav">
        {nav(0, "«", "First page", current === 0)}
        {nav(current - 1, "‹", "Previous page", current === 0)}
        <span className="pager__status" aria-live="polite">
          Page {current + 1} of {pages}
        </span>
        {nav(current + 1, "›", "Next page", current >= pages - 1)}
        {nav(pages - 1, "»", "Last page", current >= pages - 1)}
      </div>
      <span className="pager__total">
        {totalRecords} total record{totalRecords === 1 ? "" : "s"}
      </span>
      <Form method="get" className="pager__size" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}>
        {keep.map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <input type="hidden" name={pageParam} value="0" />
        <label htmlFor="pager-size">Records per page</label>
        <select id="pager-size" name={pageSizeParam} defaultValue={String(pageSize)}>
          {pageSizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <noscript>
          <button type="submit" className="btn btn--small btn--secondary">
            Apply
          </button>
        </noscript>
      </Form>
    </nav>
  );
}

/** Reads ?page and ?pageSize, clamped to the allowed sizes (default the first). */
export function readPaging(
  url: URL | string,
  opts: { pageSizes?: number[]; pageParam?: string; pageSizeParam?: string } = {},
): { page: number; pageSize: number } {
  const u = typeof url === "string" ? new URL(url) : url;
  const sizes = opts.pageSizes ?? [10, 50];
  const rawSize = Number(u.searchParams.get(opts.pageSizeParam ?? "pageSize"));
  const pageSize = sizes.includes(rawSize) ? rawSize : sizes[0];
  const rawPage = Number(u.searchParams.get(opts.pageParam ?? "page"));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? Math.min(rawPage, 1_000_000) : 0;
  return { page, pageSize };
}
