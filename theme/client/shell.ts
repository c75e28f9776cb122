import { isNavActive } from '../shared/nav.ts';
import { nextChoice } from '../color-mode/rules.ts';
import { createColorModeStore, type ColorModeStore } from '../color-mode/store.ts';
import { safeStorage } from './safe-storage.ts';
import { revealCurrent } from './sidebar.ts';
import { STORAGE_KEYS } from '../shared/storage-keys.ts';
import * as TEXTS from '../shared/texts.ts';
import type { ClientData } from '../shared/client-data.ts';

/** Colour-mode toggle: wires the server-rendered button to the shared store. */
export function initColorMode(data: ClientData): ColorModeStore {
  const store = createColorModeStore(data.colorMode);
  const button = document.getElementById('color-mode-toggle');
  const label = () => {
    const { mode } = store.get();
    button?.setAttribute('aria-label', TEXTS.toggleColorMode(mode));
    button?.setAttribute('title', TEXTS.toggleColorMode(mode));
  };
  label();
  store.subscribe(label);
  button?.addEventListener('click', () => {
    store.set(nextChoice(store.get().choice, data.colorMode));
  });
  return store;
}

/** Announcement close button; the dismissal is remembered by the bar's id. */
export function initAnnouncement(data: ClientData): void {
  const bar = document.getElementById('announcement');
  bar?.querySelector('.announcement-close')?.addEventListener('click', () => {
    if (data.announcementId) safeStorage.set(STORAGE_KEYS.announcementDismissed, data.announcementId);
    document.documentElement.setAttribute('data-announcement-dismissed', '');
  });
}

/** Mobile sidebar panel (≤ 996 px): opens, closes with its button or Escape, and on navigation. */
export function initMobileMenu(): { close(): void } {
  const button = document.getElementById('menu-button')!;
  const root = document.documentElement;
  const isOpen = () => root.hasAttribute('data-menu-open');
  const panel = document.getElementById('menu-panel');
  const set = (open: boolean) => {
    if (open && panel) {
      // The drawer shows the navbar links and a copy of the current page's sidebar.
      const sidebar = document.querySelector('#sidebar .sidebar-nav');
      panel.querySelector('.menu-sidebar')!.innerHTML = sidebar ? sidebar.innerHTML : '';
    }
    panel?.toggleAttribute('hidden', !open);
    root.toggleAttribute('data-menu-open', open);
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? TEXTS.closeMenu : TEXTS.openMenu);
    if (open) {
      (panel?.querySelector('a') as HTMLElement | null)?.focus({ preventScroll: true });
      revealCurrent(panel);
    }
  };
  button?.addEventListener('click', () => set(!isOpen()));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isOpen()) {
      set(false);
      button.focus();
    }
  });
  document.addEventListener('click', (e) => {
    const target = e.target as HTMLElement;
    if (isOpen() && (target.classList?.contains('menu-backdrop') || target.closest?.('#menu-panel a'))) set(false);
  });
  return { close: () => set(false) };
}

/** Marks the navbar item that matches the route (without base URL), as the server did. */
export function updateNavbarActive(route: string): void {
  document.querySelectorAll<HTMLAnchorElement>('.navbar-link').forEach((a) => {
    const active = isNavActive({ to: a.dataset.to ?? '', activeBaseRegex: a.dataset.activeRegex }, route);
    if (active) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  });
}

/** Remembers the docs version the reader uses, per docs plugin id (spec §3). */
export function rememberVersion(data: ClientData): void {
  safeStorage.set(STORAGE_KEYS.preferredVersion('default'), data.version);
}
