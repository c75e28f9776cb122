/**
 * The pseudo-locale (BCP 47 `en-XA`, as Android names it): every English text accented and
 * bracketed, for finding words that bypass the dictionary (test/theme/pseudo-locale.test.ts) and
 * for checking that a layout survives longer words. A model for a real locale's file too: each
 * key of en.ts, or the typecheck fails (index.ts).
 */
import * as en from './en.ts';
import { pseudo } from './pseudo.ts';

/** The direction is not a word: it stays. */
export const direction = en.direction;
export const pageCrashed = /* @__PURE__ */ pseudo(en.pageCrashed);
export const tryAgain = /* @__PURE__ */ pseudo(en.tryAgain);
export const retry = /* @__PURE__ */ pseudo(en.retry);
export const loadFailed = /* @__PURE__ */ pseudo(en.loadFailed);
export const notFoundTitle = /* @__PURE__ */ pseudo(en.notFoundTitle);
export const notFoundBody = /* @__PURE__ */ pseudo(en.notFoundBody);
export const notFoundHelp = /* @__PURE__ */ pseudo(en.notFoundHelp);
export const searchPlaceholder = /* @__PURE__ */ pseudo(en.searchPlaceholder);
export const searchButton = /* @__PURE__ */ pseudo(en.searchButton);
export const noRecentSearches = /* @__PURE__ */ pseudo(en.noRecentSearches);
export const noResultsFor = /* @__PURE__ */ pseudo(en.noResultsFor);
export const trySearchingFor = /* @__PURE__ */ pseudo(en.trySearchingFor);
export const believeQueryShouldReturn = /* @__PURE__ */ pseudo(en.believeQueryShouldReturn);
export const letUsKnow = /* @__PURE__ */ pseudo(en.letUsKnow);
export const unableToFetch = /* @__PURE__ */ pseudo(en.unableToFetch);
export const checkNetwork = /* @__PURE__ */ pseudo(en.checkNetwork);
export const seeAllResults = /* @__PURE__ */ pseudo(en.seeAllResults);
export const skipToContent = /* @__PURE__ */ pseudo(en.skipToContent);
export const editThisPage = /* @__PURE__ */ pseudo(en.editThisPage);
export const onThisPage = /* @__PURE__ */ pseudo(en.onThisPage);
export const toggleCategory = /* @__PURE__ */ pseudo(en.toggleCategory);
export const previous = /* @__PURE__ */ pseudo(en.previous);
export const next = /* @__PURE__ */ pseudo(en.next);
export const closeAnnouncement = /* @__PURE__ */ pseudo(en.closeAnnouncement);
export const toggleColorMode = /* @__PURE__ */ pseudo(en.toggleColorMode);
export const openMenu = /* @__PURE__ */ pseudo(en.openMenu);
export const closeMenu = /* @__PURE__ */ pseudo(en.closeMenu);
export const copy = /* @__PURE__ */ pseudo(en.copy);
export const copied = /* @__PURE__ */ pseudo(en.copied);
export const copyCode = /* @__PURE__ */ pseudo(en.copyCode);
export const directLinkTo = /* @__PURE__ */ pseudo(en.directLinkTo);
export const loading = /* @__PURE__ */ pseudo(en.loading);
export const searchKeys = /* @__PURE__ */ pseudo(en.searchKeys);
export const searchModal = /* @__PURE__ */ pseudo(en.searchModal);
export const landmarks = /* @__PURE__ */ pseudo(en.landmarks);
export const copyPageMarkdown = /* @__PURE__ */ pseudo(en.copyPageMarkdown);
export const pageActions = /* @__PURE__ */ pseudo(en.pageActions);
export const feedback = /* @__PURE__ */ pseudo(en.feedback);
export const lastUpdated = /* @__PURE__ */ pseudo(en.lastUpdated);
export const shareCardAlt = /* @__PURE__ */ pseudo(en.shareCardAlt);
export const notFoundSuggestions = /* @__PURE__ */ pseudo(en.notFoundSuggestions);
export const notFoundHome = /* @__PURE__ */ pseudo(en.notFoundHome);
export const redirectTitle = /* @__PURE__ */ pseudo(en.redirectTitle);
export const redirectBody = /* @__PURE__ */ pseudo(en.redirectBody);
export const notFoundSearch = /* @__PURE__ */ pseudo(en.notFoundSearch);
export const videoDownload = /* @__PURE__ */ pseudo(en.videoDownload);
export const videoMarkdown = /* @__PURE__ */ pseudo(en.videoMarkdown);
export const footerCommunity = /* @__PURE__ */ pseudo(en.footerCommunity);
export const docsVersionTitle = /* @__PURE__ */ pseudo(en.docsVersionTitle);
export const docsFor = /* @__PURE__ */ pseudo(en.docsFor);
export const detailsSummary = /* @__PURE__ */ pseudo(en.detailsSummary);
export const admonitions = /* @__PURE__ */ pseudo(en.admonitions);
export const tabFallback = /* @__PURE__ */ pseudo(en.tabFallback);
export const documentation = /* @__PURE__ */ pseudo(en.documentation);
export const otherPages = /* @__PURE__ */ pseudo(en.otherPages);
export const llmsIntro = /* @__PURE__ */ pseudo(en.llmsIntro);
