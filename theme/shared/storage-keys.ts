/** Every browser-storage key the site uses, in one table. */
export const STORAGE_KEYS = {
  /** Colour-mode choice: 'light' | 'dark' | 'system' (spec §3). */
  theme: 'theme',
  /** Id of the announcement bar the reader closed; a new id shows again. */
  announcementDismissed: 'docs.announcement.dismissed',
  /** Chosen tab of a tab group: key + group name. */
  tabGroup: (group: string) => `docs.tabs.${group}`,
  /** Preferred docs version, per docs plugin id (spec §3). */
  preferredVersion: (pluginId = 'default') => `docs-preferred-version-${pluginId}`,
} as const;

/** localStorage that never throws (private mode, full quota, disabled storage). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the choice lasts for this visit only */
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* storage unavailable */
    }
  },
};
