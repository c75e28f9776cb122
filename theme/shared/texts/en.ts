/**
 * The English dictionary: every word the engine shows readers (spec §8), one export per text.
 * It is also the key set: `Texts` (index.ts) is derived from it, so another locale that lacks a
 * key fails the typecheck. Client code reads the site's dictionary as a namespace (`import * as
 * TEXTS from '../shared/texts.ts'`, pointed at the locale's file by the bundler) so the browser
 * bundle keeps only the texts it uses; server code reads the active one (`TEXTS` of index.ts).
 */
/** The writing direction of the locale: the pages' `dir`. */
export const direction: 'ltr' | 'rtl' = 'ltr';
export const pageCrashed = 'This page crashed.';
export const tryAgain = 'Try again';
export const retry = 'Retry';
export const loadFailed = 'This page could not be loaded.';
export const notFoundTitle = 'Page Not Found';
export const notFoundBody = 'We could not find what you were looking for.';
export const notFoundHelp =
  'If a link brought you here, please tell the owner of the site that linked to it that the link is broken.';
export const searchPlaceholder = 'Search docs';
export const searchButton = 'Search';
export const noRecentSearches = 'No recent searches';
export const noResultsFor = 'No results for';
export const trySearchingFor = 'Try searching for';
export const believeQueryShouldReturn = 'Believe this query should return results?';
export const letUsKnow = 'Let us know.';
export const unableToFetch = 'Unable to fetch results';
export const checkNetwork = 'You might want to check your network connection.';
export const seeAllResults = (count: number) => `See all ${count} results`;
export const skipToContent = 'Skip to main content';
export const editThisPage = 'Edit this page';
export const onThisPage = 'On this page';
/** The arrow beside a sidebar category that is also a link. */
export const toggleCategory = (label: string) => `Show or hide the pages under ${label}`;
export const previous = 'Previous';
export const next = 'Next';
export const closeAnnouncement = 'Close';
export const toggleColorMode = (mode: string) => `Switch between dark and light mode (currently ${mode} mode)`;
export const openMenu = 'Open navigation menu';
export const closeMenu = 'Close navigation menu';
export const copy = 'Copy';
export const copied = 'Copied';
export const copyCode = 'Copy code to clipboard';
export const directLinkTo = (heading: string) => `Direct link to ${heading}`;
export const loading = 'Loading…';
/** The search button's shortcut hint. */
export const searchKeys = 'Ctrl K';
/** The rest of the search modal's words (DocSearch's own, theme/islands/search-modal.tsx). */
export const searchModal = {
  recent: 'Recent',
  saveRecent: 'Save this search',
  removeRecent: 'Remove this search from history',
  favorites: 'Favorite',
  removeFavorite: 'Remove this search from favorites',
  clearQuery: 'Clear the query',
  cancel: 'Cancel',
  select: 'to select',
  enterKey: 'Enter key',
  navigate: 'to navigate',
  arrowUp: 'Arrow up',
  arrowDown: 'Arrow down',
  close: 'to close',
  escapeKey: 'Escape key',
  searchBy: 'Search by',
} as const;
/** Names of the page's landmarks and navigation regions, read by screen readers. */
export const landmarks = {
  mainNav: 'Main',
  mainNavMobile: 'Main (mobile)',
  sidebar: 'Docs sidebar',
  sidebarNav: 'Docs pages',
  sidebarNavMobile: 'Docs pages (mobile)',
  tocMobile: 'On this page (mobile)',
  pagination: 'Previous and next pages',
  announcement: 'Announcement',
} as const;
export const copyPageMarkdown = 'Copy page as Markdown';
/** The page menu beside a doc's title (theme/components/PageActions.tsx). */
export const pageActions = {
  button: 'Copy page',
  viewMarkdown: 'View as Markdown',
  openIn: (app: string) => `Open in ${app}`,
  copyMcp: 'Copy MCP command',
  /** What "Open in ChatGPT / Claude" asks, about the page's Markdown copy. */
  prompt: (url: string) => `Read ${url} so I can ask you questions about it.`,
} as const;
/** "Was this page helpful?" at the end of doc pages, when analytics is configured. */
export const feedback = {
  question: 'Was this page helpful?',
  yes: 'Yes',
  no: 'No',
  comment: 'Anything to add? (optional)',
  send: 'Send',
  thanks: 'Thank you for your feedback.',
} as const;
/** Under a doc's content: when its source last changed. */
export const lastUpdated = 'Last updated on';
/** The share card's description (og:image:alt). */
export const shareCardAlt = (title: string, section: string | undefined, product: string) =>
  `${title}${section ? ` (${section})` : ''}, ${product} documentation`;
export const notFoundSuggestions = 'Try one of these instead:';
export const notFoundHome = 'Introduction';
/** A redirect page (an old path, for hosts without redirect rules). */
export const redirectTitle = 'This page has moved';
export const redirectBody = 'This page has moved to';
export const notFoundSearch = 'Search the docs';
/** `::video`: the fallback link of browsers that cannot play video, and its line in Markdown copies. */
export const videoDownload = (title: string) => `Download the video: ${title}`;
export const videoMarkdown = (title: string) => `Video: ${title}`;
export const footerCommunity = 'Community';
export const docsVersionTitle = (name: string, label: string) => `Docs version "${name}" (${label})`;
export const docsFor = (product: string, version: string) => `Docs for ${product} v${version}`;
/** Admonition titles when an author gives none, also their label in the Markdown copies. */
export const detailsSummary = 'Details';
export const admonitions = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  important: 'Important',
  warning: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
} as const;
/** `:::tab` without a label: its button's text. */
export const tabFallback = (n: number) => `Tab ${n}`;
/** The search records' lvl0 of pages outside any sidebar category (DocSearch's usual default). */
export const documentation = 'Documentation';
/** llms.txt: the section of pages outside any sidebar (and of generated pages whose plugin names none), and its opening line. */
export const otherPages = 'Other pages';
export const llmsIntro = (product: string, version: string) =>
  `Documentation for ${product} ${version}. Every page is also available as Markdown at the links below.`;
