import type { ColorModeStore } from '../color-mode/store.ts';
import type { ClientData } from '../shared/client-data.ts';

type ModalModule = typeof import('../islands/search-modal.tsx');
type PageModule = typeof import('../islands/search-page.ts');

let modal: Promise<ModalModule> | undefined;
let loaded: ModalModule | undefined;
/** The modal island (React + DocSearch), fetched on first use only; a failed fetch is retried next time. */
const loadModal = () =>
  (modal ??= import('../islands/search-modal.tsx').then(
    (m) => (loaded = m),
    (error) => {
      modal = undefined;
      throw error;
    },
  ));

/** Typing into a field: '/' is a character there, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
}

/**
 * The navbar search: opens the modal on click, Ctrl/Cmd+K (which also closes it) and '/', and
 * closes it on Escape. Nothing search-related loads with the page: hovering or focusing the
 * button starts loading the modal and the index, so the first open is quick.
 */
export function initSearch(data: ClientData, colorMode: ColorModeStore): void {
  // Characters typed between the shortcut and the modal's first appearance (its code may still
  // be downloading) are kept and become the initial query instead of being lost.
  let opening: { typed: string } | undefined;
  const open = async (typed = '') => {
    if (opening) return;
    opening = { typed };
    try {
      const mod = await loadModal();
      await mod.loadStyles(data); // no flash of an unstyled modal
      mod.openSearch(data, colorMode, opening.typed || undefined);
    } catch (error) {
      console.error('The search could not be loaded:', error); // offline: the button works again later
    } finally {
      opening = undefined;
    }
  };
  const preload = () =>
    loadModal().then(
      (m) => m.preloadSearch(data),
      () => {},
    );

  const button = document.getElementById('search-button');
  button?.addEventListener('click', () => open());
  button?.addEventListener('mouseenter', preload, { once: true });
  button?.addEventListener('focus', preload, { once: true });

  document.addEventListener('keydown', (e) => {
    const isOpen = loaded?.isSearchOpen() ?? false;
    const modifiers = e.metaKey || e.ctrlKey || e.altKey;
    if (opening && !modifiers && (e.key.length === 1 || e.key === 'Backspace')) {
      e.preventDefault();
      opening.typed = e.key === 'Backspace' ? opening.typed.slice(0, -1) : opening.typed + e.key;
      return;
    }
    let action: (() => void) | undefined;
    if (e.key === 'Escape' && isOpen) action = () => loaded!.closeSearch();
    else if (e.key?.toLowerCase() === 'k' && (e.metaKey || e.ctrlKey) && !e.altKey && !e.shiftKey)
      action = isOpen ? () => loaded!.closeSearch() : () => open();
    else if (e.key === '/' && !isOpen && !isTyping(e.target)) action = () => open();
    // Typing on the focused button starts a search with that character (as DocSearch does).
    else if (!isOpen && e.target === button && /^[a-z0-9]$/i.test(e.key) && !modifiers) action = () => open(e.key);
    if (!action) return;
    // Keep the key from the page: '/' from find-as-you-type, Ctrl+K from the browser's search bar.
    e.preventDefault();
    action();
  });
}

let page: { root: HTMLElement; unmount(): void } | undefined;
let pageModule: Promise<PageModule> | undefined;

/**
 * Mounts the /search page island when the rendered region has one (first load and every
 * client-side navigation), and unmounts the previous one when its region was replaced.
 */
export function mountSearchPage(region: HTMLElement, data: ClientData): void {
  if (page && !page.root.isConnected) {
    page.unmount();
    page = undefined;
  }
  const el = region.querySelector<HTMLElement>('[data-island="search-page"]');
  if (!el || page?.root === el) return;
  pageModule ??= import('../islands/search-page.ts');
  pageModule.then(
    (m) => {
      if (!el.isConnected) return; // navigated away before the island loaded
      page?.unmount();
      page = { root: el, unmount: m.mountSearchPage(el, data) };
    },
    (error) => {
      pageModule = undefined; // the next visit tries again; the form still works without it
      console.error('The search page could not be loaded:', error);
    },
  );
}
