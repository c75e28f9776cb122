import { initTabs } from './tabs.ts';
import { revealCurrent } from './sidebar.ts';
import { TEXTS } from '../shared/texts.ts';

function initCopyButtons(root: HTMLElement): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('.copy-button')) {
    button.addEventListener('click', async () => {
      const code = button.parentElement?.querySelector('pre')?.innerText ?? '';
      try {
        await navigator.clipboard.writeText(code.replace(/\n$/, ''));
        button.textContent = TEXTS.copied;
        button.classList.add('copied');
        setTimeout(() => {
          button.textContent = TEXTS.copy;
          button.classList.remove('copied');
        }, 1500);
      } catch {
        /* clipboard refused: the code can still be selected by hand */
      }
    });
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>('.copy-page-button')) {
    button.addEventListener('click', async () => {
      try {
        const text = await (await fetch(button.dataset.markdown!)).text();
        await navigator.clipboard.writeText(text);
        button.textContent = TEXTS.copied;
      } catch {
        /* clipboard or network unavailable */
      }
    });
  }
}

/**
 * Collapsible sections animate their height with ease-in-out; the duration grows with the
 * content's height and drops to ~1 ms when reduced motion is preferred.
 */
export function collapseDuration(height: number, reducedMotion: boolean): number {
  if (reducedMotion) return 1;
  const h = height / 36;
  return Math.round(Math.min((4 + 15 * h ** 0.25 + h / 5) * 10, 1000));
}

function initDetails(root: HTMLElement): void {
  for (const details of root.querySelectorAll<HTMLDetailsElement>('details.details')) {
    const summary = details.querySelector(':scope > summary') as HTMLElement;
    const content = details.querySelector(':scope > .details-content') as HTMLElement;
    summary.addEventListener('click', (e) => {
      e.preventDefault();
      const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
      const opening = !details.open;
      if (opening) details.open = true;
      const height = content.scrollHeight;
      const duration = collapseDuration(height, reduced);
      details.dataset.animating = opening ? 'expanding' : 'collapsing';
      const animation = content.animate(
        [{ height: opening ? '0px' : `${height}px`, overflow: 'hidden' }, { height: opening ? `${height}px` : '0px', overflow: 'hidden' }],
        { duration, easing: 'ease-in-out' },
      );
      animation.onfinish = () => {
        if (!opening) details.open = false;
        delete details.dataset.animating;
      };
    });
  }
}

/**
 * Highlights the entry of the heading nearest the top of the viewport, in both copies of the TOC
 * (beside the article and, on narrow screens, above it). Choosing an entry in the narrow-screen
 * list closes it; the browser then scrolls to the heading. Nothing runs on pages without a TOC.
 */
function initToc(root: HTMLElement): () => void {
  const links = [...root.querySelectorAll<HTMLAnchorElement>('.toc-link')];
  if (!links.length) return () => {};
  const mobile = root.querySelector<HTMLDetailsElement>('.toc-mobile details');
  mobile?.addEventListener('click', (e) => {
    if ((e.target as HTMLElement).closest('a')) mobile.open = false;
  });
  const ids = new Set(links.map((a) => decodeURIComponent(a.hash.slice(1))));
  const headings = [...ids].map((id) => document.getElementById(id)).filter(Boolean) as HTMLElement[];
  const update = () => {
    let current = headings[0];
    for (const h of headings) if (h.getBoundingClientRect().top < 120) current = h;
    for (const a of links) a.classList.toggle('active', a.hash.slice(1) === current?.id);
  };
  update();
  addEventListener('scroll', update, { passive: true });
  return () => removeEventListener('scroll', update);
}

/** Image zoom (medium-zoom), loaded only on pages with images. */
async function initZoom(root: HTMLElement): Promise<() => void> {
  const images = root.querySelectorAll<HTMLImageElement>('.markdown img:not(.not-zoom)');
  if (!images.length) return () => {};
  const { default: mediumZoom } = await import('medium-zoom');
  const dark = document.documentElement.getAttribute('data-theme') === 'dark';
  const zoom = mediumZoom(images, { scrollOffset: 40, background: dark ? 'rgb(50, 50, 50)' : 'rgb(255, 255, 255)' });
  const closeOnResize = () => zoom.close();
  addEventListener('resize', closeOnResize);
  return () => {
    removeEventListener('resize', closeOnResize);
    zoom.detach();
  };
}

let cleanups: (() => void)[] = [];

/** Wires the behaviours of a freshly rendered region (first load and every navigation). */
export function initRegion(root: HTMLElement): void {
  for (const c of cleanups) c();
  cleanups = [];
  initTabs(root);
  initCopyButtons(root);
  initDetails(root);
  cleanups.push(initToc(root));
  revealCurrent(root.querySelector('#sidebar'));
  initZoom(root).then((c) => cleanups.push(c));
}
