// Layout of the pages anyone may see (welcome, Page Not Found, Session
// Timeout, document download): header with the product name, which shrinks
// after 80 px of scroll (a small client effect; without JavaScript it just
// stays full size), and the footer.
import { Link } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { LogoMark } from "./Icons";
import { SiteFooter } from "./SiteFooter";
import { useRootData } from "./root-data";

export const HEADER_SHRINK_AFTER_PX = 80;

/** True once the page is scrolled more than `threshold` px. */
export function useScrolledPast(threshold = HEADER_SHRINK_AFTER_PX): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return past;
}

export function AnonymousLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { defaultTitle } = useRootData();
  const compact = useScrolledPast();
  return (
    <div className="layout layout--anonymous">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={`anon-header${compact ? " anon-header--compact" : ""}`}>
        <div className="anon-header__inner container">
          <Link to="/" className="brand" aria-label={`${defaultTitle}: home`}>
            <span className="brand__mark">
              <LogoMark size={48} />
            </span>
            <span className="brand__name">{defaultTitle}</span>
          </Link>
        </div>
      </header>
      <main id="main" className={`site-main container${wide ? "" : " container--narrow"}`} tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
