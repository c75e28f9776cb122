import { safeStorage } from './safe-storage.ts';
import { STORAGE_KEYS } from '../shared/storage-keys.ts';

/**
 * Tab groups whose choice also lives in the URL, as on the real site (Docusaurus `queryString`):
 * links in the wild carry `?sdk=python`, and a copied URL should show the reader's language.
 * The parameter's value is the tab's label in lower case (`TypeScript` → `typescript`).
 */
const QUERY_PARAMS: Record<string, string> = { sdk: 'sdk' };

const tabsOf = (set: HTMLElement) => [...set.querySelectorAll<HTMLElement>(':scope > .tabs-list > [role=tab]')];

/** The tab value of a set that matches `wanted` ignoring case, if any. */
function matching(set: HTMLElement, wanted: string): string | undefined {
  return tabsOf(set).find((t) => t.dataset.value?.toLowerCase() === wanted.toLowerCase())?.dataset.value;
}

function activate(set: HTMLElement, value: string): boolean {
  const tabs = tabsOf(set);
  if (!tabs.some((t) => t.dataset.value === value)) return false;
  for (const tab of tabs) {
    const on = tab.dataset.value === value;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    document.getElementById(tab.getAttribute('aria-controls')!)?.toggleAttribute('data-inactive', !on);
  }
  return true;
}

/** Writes the group's choice into the address bar without a new history entry (the router's scroll state is kept). */
function writeQuery(group: string, value: string): void {
  const param = QUERY_PARAMS[group];
  if (!param) return;
  const url = new URL(location.href);
  url.searchParams.set(param, value.toLowerCase());
  history.replaceState(history.state, '', url);
}

/** Selects a tab in every tab set of the same group on the page and remembers the choice. */
function selectTab(root: ParentNode, group: string, value: string): void {
  for (const set of root.querySelectorAll<HTMLElement>(`.tabs[data-group="${CSS.escape(group)}"]`))
    activate(set, value);
  safeStorage.set(STORAGE_KEYS.tabGroup(group), value);
  writeQuery(group, value);
}

/** The choice a group starts with: the URL's parameter (stored as the reader's choice), else the stored one. */
function initialChoice(root: ParentNode, group: string): string | null {
  const param = QUERY_PARAMS[group];
  const fromUrl = param ? new URL(location.href).searchParams.get(param) : null;
  if (fromUrl) {
    for (const set of root.querySelectorAll<HTMLElement>(`.tabs[data-group="${CSS.escape(group)}"]`)) {
      const value = matching(set, fromUrl);
      if (value) {
        safeStorage.set(STORAGE_KEYS.tabGroup(group), value);
        return value;
      }
    }
  }
  return safeStorage.get(STORAGE_KEYS.tabGroup(group));
}

export function initTabs(root: HTMLElement): void {
  const choices = new Map<string, string | null>();
  for (const set of root.querySelectorAll<HTMLElement>('.tabs')) {
    const group = set.dataset.group;
    if (group) {
      if (!choices.has(group)) choices.set(group, initialChoice(root, group));
      const choice = choices.get(group);
      if (choice) activate(set, matching(set, choice) ?? choice);
    }
    const tabs = tabsOf(set);
    tabs.forEach((tab, i) => {
      tab.addEventListener('click', () => {
        if (group) selectTab(root, group, tab.dataset.value!);
        else activate(set, tab.dataset.value!);
      });
      tab.addEventListener('keydown', (e) => {
        const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
        if (!step) return;
        const next = tabs[(i + step + tabs.length) % tabs.length];
        next.focus();
        next.click();
      });
    });
  }
}
