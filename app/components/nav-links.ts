import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, type MouseEvent } from "react";

/**
 * The links of the navigation on every signed-in page, as plain anchors with
 * one click handler, not a React Router <NavLink> each: some fifteen NavLinks
 * cost about 0.4 ms of every signed-in page's server render (resolving each
 * path against the route matches, its own location and click hooks;
 * docs/performance.md 'Signed-in pages, third pass'). Same behaviour: with
 * JavaScript a left click without modifier keys navigates in the page (a
 * modified click, a middle click or no JavaScript loads the page); the current
 * page's link gets `aria-current="page"` and the class `active` (for `end`
 * links only on that very path, otherwise below it too; never for `unmarked`
 * ones, like the brand); `data-discover` lets
 * Remix discover the routes of the links on the page, as its <Link> does.
 * For absolute paths without search or hash, which is all the navigation has.
 */
export function useNavLinks() {
  const { pathname } = useLocation();
  const onClick = useClientNavigation();
  return useCallback(
    (
      to: string,
      className: string,
      opts: { end?: boolean; unmarked?: boolean } = {}
    ) => {
      const here = pathname.toLowerCase();
      const active =
        !opts.unmarked &&
        (here === to || (!opts.end && here.startsWith(`${to}/`)));
      return {
        href: to,
        className: active ? `${className} active` : className,
        "aria-current": active ? ("page" as const) : undefined,
        "data-discover": "true",
        onClick,
      };
    },
    [pathname, onClick]
  );
}

/**
 * The click handler behind useNavLinks and useClientLinks: with JavaScript a
 * left click without modifier keys on a link to a path of the portal navigates
 * in the page; anything else (a modified or middle click, another site, no
 * JavaScript) is left to the browser.
 */
function useClientNavigation() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
        return;
      const href = event.currentTarget.getAttribute("href");
      if (!href?.startsWith("/") || href.startsWith("//")) return;
      event.preventDefault();
      navigate(href, { replace: href === pathname });
    },
    [navigate, pathname]
  );
}

/**
 * Links of a page's content (the dashboard's buttons, the pipeline card's
 * counts) as plain anchors with the same click handler, for the same reason as
 * the navigation's (a React Router <Link> resolves its path against the route
 * matches and makes its own hooks on every server render). For paths of the
 * portal, with or without a search.
 */
export function useClientLinks() {
  const onClick = useClientNavigation();
  return useCallback(
    (to: string) => ({ href: to, "data-discover": "true", onClick }),
    [onClick]
  );
}

export type NavLinkProps = ReturnType<ReturnType<typeof useNavLinks>>;
