/**
 * The sidebar keeps its place: collapsible categories open and close in place, the current item
 * is scrolled into view inside the sidebar (never the page), and a navigation to a page with the
 * same sidebar updates the current item on the kept node instead of rendering a new one.
 */

/** Category buttons, in the sidebar and in the mobile drawer's copy of it (one listener for both). */
export function initSidebarToggles(): void {
  document.addEventListener('click', (e) => {
    const button = (e.target as HTMLElement).closest?.<HTMLButtonElement>('.sidebar-category-toggle');
    const category = button?.closest('.sidebar-category');
    if (!button || !category) return;
    const open = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(open));
    category.classList.toggle('collapsed', !open);
  });
}

/**
 * Scrolls `container` (the sidebar or the drawer) so its current item is visible, when it is not.
 * The page itself never moves: only the container's scrollTop changes.
 */
export function revealCurrent(container: HTMLElement | null): void {
  const active = container?.querySelector<HTMLElement>('[aria-current="page"]');
  if (!container || !active || !container.clientHeight) return;
  const box = container.getBoundingClientRect();
  const item = active.getBoundingClientRect();
  if (item.top >= box.top && item.bottom <= box.bottom) return;
  container.scrollTop += item.top - box.top - (box.height - item.height) / 2;
}

/**
 * `kept` is the sidebar on screen, `next` the same sidebar as the next page renders it: the
 * current item, the trail of categories above it, and the category that holds it (opened; no
 * category is ever closed by a navigation). False when the two differ in shape, so the caller
 * replaces the sidebar instead.
 */
export function updateSidebarInPlace(kept: HTMLElement, next: HTMLElement): boolean {
  const keptLinks = kept.querySelectorAll('a');
  const nextLinks = next.querySelectorAll('a');
  const keptCategories = kept.querySelectorAll('.sidebar-category');
  const nextCategories = next.querySelectorAll('.sidebar-category');
  if (keptLinks.length !== nextLinks.length || keptCategories.length !== nextCategories.length) return false;
  keptLinks.forEach((a, i) => {
    const from = nextLinks[i];
    a.className = from.className;
    const current = from.getAttribute('aria-current');
    if (current) a.setAttribute('aria-current', current);
    else a.removeAttribute('aria-current');
  });
  keptCategories.forEach((li, i) => {
    const trail = nextCategories[i].classList.contains('active-trail');
    li.classList.toggle('active-trail', trail);
    if (trail && li.classList.contains('collapsed')) {
      li.classList.remove('collapsed');
      li.querySelector(':scope > .sidebar-category-label > .sidebar-category-toggle')?.setAttribute(
        'aria-expanded',
        'true',
      );
    }
  });
  return true;
}
