import { FOUNDED_YEAR, useRootData } from "./root-data";

/** Years of service, counted from the founding year (spec part 1 §9). */
export function yearsOfService(year: number, founded = FOUNDED_YEAR): number {
  return Math.max(0, year - founded);
}

export function SiteFooter() {
  const { defaultTitle, year } = useRootData();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__service">
          Serving agents since {FOUNDED_YEAR} — {yearsOfService(year)} years of service
        </p>
        <p className="site-footer__copyright">
          © {year} {defaultTitle}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
