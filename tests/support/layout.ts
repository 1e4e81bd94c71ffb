// Layout checks run in a page (e2e): what a person cannot see without scrolling inside a box.
import type { Page } from "playwright-core";

/**
 * Boxes that scroll (or clip) sideways with something inside them out of sight (issue 36 item 7:
 * a table's Expiry or Delete column past the edge of its card, nothing showing it is there): for
 * every element whose overflow-x is auto, scroll or hidden and whose content is wider than it,
 * the elements inside whose box lies, in part, left or right of it. Visually hidden text (1 px,
 * clipped) is no box a person reads; it and what is inside it are left out.
 */
export async function hiddenInScrollingBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (e: Element) => {
      const label = e.getAttribute("aria-label");
      const cls = typeof e.className === "string" && e.className ? `.${e.className.trim().split(/\s+/).join(".")}` : "";
      return `<${e.localName}${e.id ? `#${e.id}` : ""}${cls}${label ? ` '${label}'` : ""}>`;
    };
    const unseen = (e: Element) => {
      const st = getComputedStyle(e);
      const box = e.getBoundingClientRect();
      return st.visibility === "hidden" || st.display === "none" || (st.clip !== "auto" && st.position === "absolute") || box.width <= 1 || box.height <= 1;
    };
    const out: string[] = [];
    for (const box of document.querySelectorAll("body *")) {
      const st = getComputedStyle(box);
      if (!["auto", "scroll", "hidden"].includes(st.overflowX)) continue;
      if (box.scrollWidth <= box.clientWidth + 1 || unseen(box) || box.closest("[aria-hidden=true]")) continue;
      const r = box.getBoundingClientRect();
      // The inner edges (inside the borders): what lies past them is out of sight.
      const left = r.left + box.clientLeft;
      const right = left + box.clientWidth;
      const hidden = [...box.querySelectorAll("*")].filter((d) => {
        if (unseen(d)) return false;
        for (let a = d.parentElement; a && a !== box; a = a.parentElement) if (unseen(a)) return false;
        const b = d.getBoundingClientRect();
        return b.width > 0 && (b.left < left - 1 || b.right > right + 1);
      });
      if (hidden.length === 0) continue;
      const first = hidden.find((d) => d.children.length === 0) ?? hidden[0];
      const text = (first.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30);
      out.push(
        `${hidden.length} element(s) out of sight in ${name(box)} (${box.clientWidth}px showing ${box.scrollWidth}px), e.g. ${name(first)}${text ? ` '${text}'` : ""} at ${Math.round(first.getBoundingClientRect().left - left)}..${Math.round(first.getBoundingClientRect().right - left)}px`,
      );
    }
    return out;
  });
}
