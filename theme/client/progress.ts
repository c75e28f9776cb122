import NProgress from 'nprogress';
import * as TEXTS from '../shared/texts.ts';

/** Delay before the spinner and the progress bar appear, so fast loads show neither (spec §2, §9). */
export const LOADING_DELAY_MS = 200;

NProgress.configure({ showSpinner: false, trickleSpeed: 200 });

/** Starts the delayed loading indicators; the returned function stops them. */
export function startLoading(region: HTMLElement): () => void {
  let shown = false;
  const timer = setTimeout(() => {
    shown = true;
    NProgress.start();
    region.setAttribute('aria-busy', 'true');
    const spinner = document.createElement('div');
    spinner.className = 'loading-spinner';
    spinner.setAttribute('role', 'status');
    const label = document.createElement('span');
    label.className = 'visually-hidden';
    label.textContent = TEXTS.loading;
    spinner.append(label);
    document.body.appendChild(spinner);
  }, LOADING_DELAY_MS);
  return () => {
    clearTimeout(timer);
    if (!shown) return;
    NProgress.done();
    region.removeAttribute('aria-busy');
    document.querySelectorAll('.loading-spinner').forEach((s) => s.remove());
  };
}
