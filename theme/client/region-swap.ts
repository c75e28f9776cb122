import { TEXTS } from '../shared/texts.ts';
import type { RouteData } from './route-data.ts';

/** Puts a route's data in place of the current page: the #page region, the title and the description. */
export function swapRegion(region: HTMLElement, next: RouteData, requested: string): void {
  // Malformed page data is a render error: it shows the crash box, never a blank page.
  if (typeof next?.region !== 'string' || typeof next.documentTitle !== 'string') throw new Error(`Malformed page data for ${requested}`);
  document.title = next.documentTitle;
  document.querySelector('meta[name="description"]')?.setAttribute('content', next.description);
  region.innerHTML = next.region;
  region.dataset.route = next.route;
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
