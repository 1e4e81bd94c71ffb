// Layout of every signed-in page: the top navigation of spec part 1 §2
// 'Layouts' and §6 (rules in docs/decisions/0004-navigation-rules.md).
// Everything works without JavaScript: the drop-downs are <details>, the
// mobile menu is a checkbox toggle; with JavaScript menus also close on
// navigation, on Escape and on a click elsewhere.
import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { displayName } from "~/lib/current-user";
import { can, CONFIGURE_MENU, menuFor, REPORTS_BELL, REVIEW_QUEUE_ITEM, type Capability } from "~/lib/permissions";
import {
  BellIcon,
  ChevronDownIcon,
  ExternalIcon,
  LogoMark,
  MenuIcon,
  UserIcon,
} from "./Icons";
import { useNavLinks } from "./nav-links";
import { SiteFooter } from "./SiteFooter";
import { useRootData } from "./root-data";

/** CONFIGURE: the items the user's capabilities allow (app/lib/permissions.ts). */
export function configureItems(capabilities: readonly Capability[] | null | undefined) {
  return menuFor(CONFIGURE_MENU, capabilities);
}

export function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--signed-in">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopNav />
      <main id="main" className="site-main container" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** Closes open <details> menus and the mobile menu on navigation, Escape and outside clicks. */
function useMenuBehaviour(ref: React.RefObject<HTMLElement>) {
  const location = useLocation();
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    root
      .querySelectorAll("details[open]")
      .forEach((d) => d.removeAttribute("open"));
    const toggle = root.querySelector<HTMLInputElement>(".nav-toggle__input");
    if (toggle) toggle.checked = false;
  }, [location.key, ref]);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const closeAll = (except?: Element | null) =>
      root.querySelectorAll("details[open]").forEach((d) => {
        if (d !== except) d.removeAttribute("open");
      });
    const onClick = (e: MouseEvent) => {
      const target = e.target as Element | null;
      closeAll(target?.closest("details"));
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      const open = root.querySelector<HTMLDetailsElement>("details[open]");
      if (open) {
        open.removeAttribute("open");
        open.querySelector<HTMLElement>("summary")?.focus();
      }
    };
    const onToggle = (e: Event) => {
      const d = e.target as HTMLDetailsElement;
      if (d.open) closeAll(d);
    };
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    root.addEventListener("toggle", onToggle, true);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKey);
      root.removeEventListener("toggle", onToggle, true);
    };
  }, [ref]);
}

export function TopNav() {
  const { defaultTitle, supportUrl, user, shell } = useRootData();
  const ref = useRef<HTMLElement>(null);
  useMenuBehaviour(ref);
  const capabilities = shell?.capabilities ?? [];
  const configure = configureItems(capabilities);
  const showBell = can(capabilities, REPORTS_BELL.capability);
  const pending = shell?.pendingReportsCount ?? 0;
  const adminItems = shell?.adminItems ?? [];
  const name = user ? user.firstName || displayName(user) : "";
  const link = useNavLinks();

  return (
    <header className="app-header" ref={ref}>
      <div className="app-header__inner container">
        <a
          {...link("/home", "brand brand--small", { unmarked: true })}
          aria-label={`${defaultTitle}: dashboard`}
        >
          <span className="brand__mark">
            <LogoMark size={36} />
          </span>
          <span className="brand__name">{defaultTitle}</span>
        </a>

        <input
          type="checkbox"
          id="nav-toggle"
          className="nav-toggle__input"
          aria-controls="main-nav"
          aria-label="Show the navigation menu"
        />
        <label
          htmlFor="nav-toggle"
          className="nav-toggle__button"
          aria-hidden="true"
        >
          <MenuIcon size={24} />
          <span>Menu</span>
        </label>

        <nav id="main-nav" className="main-nav" aria-label="Main">
          <ul className="main-nav__list">
            <li>
              <a {...link("/home", "main-nav__link", { end: true })}>
                DASHBOARD
              </a>
            </li>
            {shell?.showReviewQueue ? (
              <li>
                <a {...link(REVIEW_QUEUE_ITEM.to, "main-nav__link")}>{REVIEW_QUEUE_ITEM.label}</a>
              </li>
            ) : null}
            {configure.length ? (
              <NavMenu label="CONFIGURE" items={configure} link={link} />
            ) : null}
            {showBell ? (
              <li>
                <a
                  {...link(REPORTS_BELL.to, "main-nav__link bell")}
                  aria-label={`Reports: ${pending} pending`}
                  title={`${pending} pending report${pending === 1 ? "" : "s"}`}
                >
                  <BellIcon size={22} />
                  {pending > 0 ? (
                    <span
                      className="badge bell__badge"
                      data-testid="pending-reports-count"
                    >
                      {pending > 99 ? "99+" : pending}
                    </span>
                  ) : null}
                  <span className="nav-only-mobile">Reports</span>
                </a>
              </li>
            ) : null}
            {adminItems.length ? (
              <NavMenu label="ADMIN" items={adminItems} link={link} />
            ) : null}
            <li>
              <details className="menu menu--end">
                <summary
                  className="main-nav__link menu__summary"
                  aria-label={`User menu for ${name}`}
                >
                  <UserIcon size={20} />
                  <span className="user-name">{name}</span>
                  <ChevronDownIcon size={16} />
                </summary>
                <ul className="menu__list">
                  <li>
                    <a {...link("/profile", "menu__item")}>Your Profile</a>
                  </li>
                  <li>
                    <a {...link("/faq", "menu__item")}>FAQ</a>
                  </li>
                  <li>
                    <a {...link("/commpref", "menu__item")}>Communications</a>
                  </li>
                </ul>
              </details>
            </li>
            {supportUrl ? (
              <li>
                <a
                  href={supportUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="main-nav__link"
                >
                  TECH SUPPORT <ExternalIcon size={14} />
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
            <li>
              <Form
                method="post"
                action="/auth/logout"
                reloadDocument
                className="main-nav__form"
              >
                <button
                  type="submit"
                  className="main-nav__link main-nav__button"
                >
                  LOGOUT
                </button>
              </Form>
            </li>
          </ul>
        </nav>
      </div>
      {user?.impersonator ? (
        <div className="impersonation-bar" role="status">
          <div className="container impersonation-bar__inner">
            <span>
              Acting as <strong>{displayName(user)}</strong> ({user.userName}) —{" "}
              <span className="impersonation-bar__admin">
                {displayName(user.impersonator)}
              </span>
            </span>
            <Form method="post" action="/auth/impersonate" reloadDocument>
              <input type="hidden" name="intent" value="stop" />
              <button type="submit" className="btn btn--small btn--inverse">
                End impersonation
              </button>
            </Form>
          </div>
        </div>
      ) : null}
    </header>
  );
}

/** A drop-down of the main navigation (a <details> menu: works without JavaScript). */
function NavMenu({
  label,
  items,
  link,
}: {
  label: string;
  items: ReadonlyArray<{ to: string; label: string }>;
  link: ReturnType<typeof useNavLinks>;
}) {
  return (
    <li>
      <details className="menu">
        <summary
          className="main-nav__link menu__summary"
          aria-label={`${label} menu`}
        >
          {label} <ChevronDownIcon size={16} />
        </summary>
        <ul className="menu__list">
          {items.map((item) => (
            <li key={item.to}>
              <a {...link(item.to, "menu__item")}>{item.label}</a>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}
