import { initTabs } from './tabs.ts';
import { revealCurrent } from './sidebar.ts';
import * as TEXTS from '../shared/texts.ts';
import { MODE_ATTRIBUTE } from '../color-mode/rules.ts';

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
}

/** Code loaded when its element is first approached: most readers never open these. */
const LAZY: Record<string, () => Promise<{ init(el: HTMLElement): void }>> = {
  'page-actions': () => import('./page-actions.ts'),
  'page-feedback': () => import('./page-feedback.ts'),
};

/**
 * Wires `[data-lazy]` elements on the first pointer, focus, click or key inside them; a click,
 * or a key that makes no click (an arrow on a menu button), that came before the code is
 * replayed once it is there, so a quick keyboard user loses nothing.
 */
function initLazy(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-lazy]')) {
    const kinds = ['pointerover', 'focusin', 'click', 'keydown'];
    let loading = false;
    let clicked: HTMLElement | undefined;
    let pressed: { target: HTMLElement; key: string } | undefined;
    const load = (e: Event) => {
      if (e.type === 'click') clicked = e.target as HTMLElement;
      // Enter and Space on a button also click it: the click is replayed, not the key.
      const key = (e as KeyboardEvent).key;
      if (e.type === 'keydown' && key !== 'Enter' && key !== ' ') pressed = { target: e.target as HTMLElement, key };
      if (loading) return;
      loading = true;
      LAZY[el.dataset.lazy!]().then((m) => {
        for (const k of kinds) el.removeEventListener(k, load);
        m.init(el);
        clicked?.click();
        if (pressed && document.activeElement === pressed.target)
          pressed.target.dispatchEvent(
            new KeyboardEvent('keydown', { key: pressed.key, bubbles: true, cancelable: true }),
          );
      });
    };
    for (const k of kinds) el.addEventListener(k, load);
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
        [
          { height: opening ? '0px' : `${height}px`, overflow: 'hidden' },
          { height: opening ? `${height}px` : '0px', overflow: 'hidden' },
        ],
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
  const dark = document.documentElement.getAttribute(MODE_ATTRIBUTE) === 'dark';
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
  initLazy(root);
  initDetails(root);
  cleanups.push(initToc(root));
  revealCurrent(root.querySelector('#sidebar'));
  initZoom(root).then((c) => cleanups.push(c));
}
