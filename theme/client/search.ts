import type { ColorModeStore } from '../color-mode/store.ts';
import type { ClientData } from './data.ts';

/**
 * Opens the search modal on click, Ctrl/Cmd+K or '/', loading the search UI (React + DocSearch)
 * on first use; hovering or focusing the button starts that load early.
 */
export function initSearch(data: ClientData, colorMode: ColorModeStore): void {
  let loading: Promise<typeof import('../islands/search-modal.tsx')> | undefined;
  const load = () => (loading ??= import('../islands/search-modal.tsx'));
  const open = async (initialQuery?: string) => {
    const mod = await load();
    mod.openSearch(data, colorMode, initialQuery);
  };
  const button = document.getElementById('search-button');
  button?.addEventListener('click', () => open());
  button?.addEventListener('mouseenter', () => load(), { once: true });
  button?.addEventListener('focus', () => load(), { once: true });
  document.addEventListener('keydown', (e) => {
    const target = e.target as HTMLElement;
    const typing = target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
    if ((e.key === 'k' && (e.metaKey || e.ctrlKey)) || (e.key === '/' && !typing)) {
      e.preventDefault();
      open(e.key === '/' ? undefined : undefined);
    }
  });
  const page = document.querySelector<HTMLElement>('[data-island="search-page"]');
  if (page) import('../islands/search-page.tsx').then((m) => m.mountSearchPage(page, data));
}
