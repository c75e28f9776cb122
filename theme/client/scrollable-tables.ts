/**
 * A table wider than the page scrolls sideways (`.markdown table` has `overflow-x: auto`). A
 * keyboard user can scroll it only if it takes focus, so a table gets `tabindex="0"` while it
 * overflows, and loses it when it fits again: narrow tables add no tab stop.
 */
export function initScrollableTables(root: HTMLElement): () => void {
  const tables = [...root.querySelectorAll<HTMLTableElement>('.markdown table')];
  if (!tables.length) return () => {};
  const update = (table: HTMLTableElement) => {
    if (table.scrollWidth > table.clientWidth + 1) table.tabIndex = 0;
    else table.removeAttribute('tabindex');
  };
  for (const t of tables) update(t);
  const observer = new ResizeObserver((entries) => {
    for (const e of entries) update(e.target as HTMLTableElement);
  });
  for (const t of tables) observer.observe(t);
  return () => observer.disconnect();
}
