import * as TEXTS from '../shared/texts.ts';
import type { RouteData } from './route-data.ts';
import { updateSidebarInPlace } from './sidebar.ts';

/**
 * Puts a route's data in place of the current page: the #page region, the title and the
 * description. With `keepSidebar`, a sidebar the next page shares stays the same node (its scroll
 * position and opened categories with it) and only its current item moves; the rest of the
 * region is replaced around it.
 */
export function swapRegion(region: HTMLElement, next: RouteData, requested: string, keepSidebar = false): void {
  // Malformed page data is a render error: it shows the crash box, never a blank page.
  if (typeof next?.region !== 'string' || typeof next.documentTitle !== 'string')
    throw new Error(`Malformed page data for ${requested}`);
  document.title = next.documentTitle;
  document.querySelector('meta[name="description"]')?.setAttribute('content', next.description);
  if (!(keepSidebar && swapAroundSidebar(region, next.region))) region.innerHTML = next.region;
  region.dataset.route = next.route;
}

/** Replaces everything but the sidebar when the next page shows the same one; false otherwise. */
function swapAroundSidebar(region: HTMLElement, html: string): boolean {
  const kept = region.querySelector<HTMLElement>(':scope > .doc-layout > #sidebar');
  if (!kept?.dataset.sidebar) return false;
  const template = document.createElement('template');
  template.innerHTML = html;
  const nextLayout = template.content.firstElementChild;
  if (template.content.childElementCount !== 1 || !nextLayout?.classList.contains('doc-layout')) return false;
  const incoming = nextLayout.querySelector<HTMLElement>(':scope > #sidebar');
  if (!incoming || incoming.dataset.sidebar !== kept.dataset.sidebar || !updateSidebarInPlace(kept, incoming))
    return false;
  // The sidebar is never detached (that would lose its scroll position): its siblings are swapped.
  const layout = kept.parentElement!;
  layout.className = nextLayout.className;
  for (const child of [...layout.childNodes]) if (child !== kept) child.remove();
  incoming.remove();
  layout.append(...nextLayout.childNodes);
  return true;
}

/** The §8 box for a route whose data did not load, with Retry. */
export function showLoadError(region: HTMLElement, message: string, retry: () => void): void {
  showErrorBox(region, 'load-error', message, TEXTS.retry, retry);
}

/** The box for a page whose render threw, with Try again. */
export function showCrash(region: HTMLElement, retry: () => void): void {
  showErrorBox(region, 'page-crash', TEXTS.pageCrashed, TEXTS.tryAgain, retry);
}

function showErrorBox(region: HTMLElement, className: string, message: string, label: string, retry: () => void): void {
  region.innerHTML = '';
  const box = document.createElement('div');
  box.className = className;
  box.setAttribute('role', 'alert');
  const text = document.createElement('p');
  text.textContent = message;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button';
  button.textContent = label;
  button.addEventListener('click', retry);
  box.append(text, button);
  const main = document.createElement('main');
  main.id = 'main';
  main.className = 'error-page';
  main.append(box);
  region.append(main);
}
