/**
 * The only browser entry. Content is static HTML; this wires the small behaviours and the
 * router. React and the search UI load only when search is first used.
 */
import { initAnalytics } from './analytics.ts';
import { readClientData } from './data.ts';
import { initRegion } from './region.ts';
import { createRouter } from './router.ts';
import { initSearch, mountSearchPage } from './search.ts';
import { initSidebarToggles } from './sidebar.ts';
import { initAnnouncement, initColorMode, initMobileMenu, rememberVersion, updateNavbarActive } from './shell.ts';

const data = readClientData();
const colorMode = initColorMode(data);
initAnnouncement(data);
rememberVersion(data);
// A small public handle for integrations and tests (e.g. `__docs.colorMode.set(null)`).
(window as any).__docs = { colorMode };
initSearch(data, colorMode);
const menu = initMobileMenu();
initSidebarToggles();
const analytics = initAnalytics(data);
createRouter(data, {
  onRender: (region) => {
    initRegion(region);
    mountSearchPage(region, data);
  },
  onNavigate: (route) => {
    menu.close();
    updateNavbarActive(route);
    analytics.pageview(route);
  },
});
