// The portal's data table (issue 36 item 7, decision 0100): a real <table> (header cells with
// scope, so screen readers keep the table) that becomes one card per row when its box is narrow
// (base.css, `.table--cards`): each cell on its own line after its column's name (data-label),
// so no column (standing, expiry, a download, Change/Delete) is ever off-screen in a box that
// scrolls sideways. The columns are given once: the header and each cell's label cannot disagree.
import type { HTMLAttributes, ReactNode } from "react";

export type CardColumn<R> = {
  /** The column's header, and each cell's label in a card. */
  header: string;
  /** Read by screen readers only (an Edit or Replay column whose buttons say what they do). */
  hiddenHeader?: boolean;
  cell: (row: R) => ReactNode;
  /** The row's header cell (<th scope="row">): the card's title, without a label. */
  rowHeader?: boolean;
  className?: string;
};

export function CardTable<R>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  caption,
  className,
  wrapClassName,
  testId,
}: {
  /** The scrolling region's name (aria-label). */
  label: string;
  columns: Array<CardColumn<R> | null | false | undefined>;
  rows: R[];
  rowKey: (row: R) => string | number;
  /** Attributes of a row (data-* the tests read, a click handler). */
  rowProps?: (row: R) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | number | undefined>;
  caption?: string;
  className?: string;
  wrapClassName?: string;
  testId?: string;
}) {
  const cols = columns.filter((c): c is CardColumn<R> => Boolean(c));
  return (
    <div className={`table-wrap${wrapClassName ? ` ${wrapClassName}` : ""}`} tabIndex={0} role="region" aria-label={label}>
      <table className={`table table--cards${className ? ` ${className}` : ""}`} data-testid={testId}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {cols.map((c) => (
              <th key={c.header} scope="col">
                {c.hiddenHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} {...rowProps?.(r)}>
              {cols.map((c) =>
                c.rowHeader ? (
                  <th key={c.header} scope="row" className={c.className}>
                    {c.cell(r)}
                  </th>
                ) : (
                  <td key={c.header} data-label={c.hiddenHeader ? undefined : c.header} className={c.className}>
                    {c.cell(r)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A value that may hold one long unbroken word (a policy number, an insurer's name typed without
 * spaces): only then may it break anywhere, so it cannot widen its table past its box, while
 * ordinary words elsewhere keep breaking between words.
 */
export function LongText({ text }: { text: string }) {
  return <span className={/\S{21,}/.test(text) ? "table__wrap-anywhere" : undefined}>{text}</span>;
}
