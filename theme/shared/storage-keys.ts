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
