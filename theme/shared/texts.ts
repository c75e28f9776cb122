/**
 * Every user-visible fixed text of the site (spec §8) in one place, so wording is reviewed once
 * and tests can import what they assert.
 */
export const TEXTS = {
  pageCrashed: 'This page crashed.',
  tryAgain: 'Try again',
  retry: 'Retry',
  loadFailed: 'This page could not be loaded.',
  notFoundTitle: 'Page Not Found',
  notFoundBody: 'We could not find what you were looking for.',
  notFoundHelp: 'If a link brought you here, please tell the owner of the site that linked to it that the link is broken.',
  searchPlaceholder: 'Search docs',
  searchButton: 'Search',
  noRecentSearches: 'No recent searches',
  noResultsFor: 'No results for',
  trySearchingFor: 'Try searching for',
  believeQueryShouldReturn: 'Believe this query should return results?',
  letUsKnow: 'Let us know.',
  unableToFetch: 'Unable to fetch results',
  checkNetwork: 'You might want to check your network connection.',
  seeAllResults: (count: number) => `See all ${count} results`,
  skipToContent: 'Skip to main content',
  editThisPage: 'Edit this page',
  onThisPage: 'On this page',
  /** The arrow beside a sidebar category that is also a link. */
  toggleCategory: (label: string) => `Show or hide the pages under ${label}`,
  previous: 'Previous',
  next: 'Next',
  closeAnnouncement: 'Close',
  toggleColorMode: (mode: string) => `Switch between dark and light mode (currently ${mode} mode)`,
  openMenu: 'Open navigation menu',
  closeMenu: 'Close navigation menu',
  copy: 'Copy',
  copied: 'Copied',
  copyCode: 'Copy code to clipboard',
  directLinkTo: (heading: string) => `Direct link to ${heading}`,
  loading: 'Loading…',
  /** The search button's shortcut hint. */
  searchKeys: 'Ctrl K',
  /** Names of the page's landmarks and navigation regions, read by screen readers. */
  landmarks: {
    mainNav: 'Main',
    mainNavMobile: 'Main (mobile)',
    sidebar: 'Docs sidebar',
    sidebarNav: 'Docs pages',
    sidebarNavMobile: 'Docs pages (mobile)',
    tocMobile: 'On this page (mobile)',
    pagination: 'Previous and next pages',
    announcement: 'Announcement',
  },
  copyPageMarkdown: 'Copy page as Markdown',
  /** Under a doc's content: when its source last changed. */
  lastUpdated: 'Last updated on',
  /** The share card's description (og:image:alt). */
  shareCardAlt: (title: string, section: string | undefined, product: string) => `${title}${section ? ` (${section})` : ''}, ${product} documentation`,
  notFoundSuggestions: 'Try one of these instead:',
  notFoundHome: 'Introduction',
  /** A redirect page (an old path, for hosts without redirect rules). */
  redirectTitle: 'This page has moved',
  redirectBody: 'This page has moved to',
  notFoundSearch: 'Search the docs',
  /** `::video`: the fallback link of browsers that cannot play video, and its line in Markdown copies. */
  videoDownload: (title: string) => `Download the video: ${title}`,
  videoMarkdown: (title: string) => `Video: ${title}`,
  footerCommunity: 'Community',
  docsVersionTitle: (name: string, label: string) => `Docs version "${name}" (${label})`,
  docsFor: (product: string, version: string) => `Docs for ${product} v${version}`,
  /** Admonition titles when an author gives none, also their label in the Markdown copies. */
  detailsSummary: 'Details',
  admonitions: { note: 'Note', tip: 'Tip', info: 'Info', important: 'Important', warning: 'Warning', caution: 'Caution', danger: 'Danger' },
} as const;

/** Developer-facing errors (no user message), spec §8. */
export const DEV_ERRORS = {
  colorModeOutsideProvider: 'useColorMode() was called outside <ColorModeProvider>. Wrap the component tree in <ColorModeProvider>.',
  missingRouteContext: 'Route context is missing: the page was rendered without PageData. Pass `page` from renderer/page-data.ts.',
  missingDocsData: 'Docs plugin data is missing: the page was rendered without SiteData. Pass `site` from the loaded config.',
  pageWithoutDefaultExport: (file: string) => `${file}: a page module must "export default" a React component.`,
} as const;
