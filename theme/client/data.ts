import type { ColorModeConfig } from '../color-mode/rules.ts';
import type { SiteData } from '../shared/types.ts';

/** Site data the server writes into #__docs for the browser. */
export interface ClientData {
  baseUrl: string;
  colorMode: ColorModeConfig;
  announcementId?: string;
  search: SiteData['search'];
  analytics: SiteData['analytics'];
  locales: SiteData['locales'];
  version: string;
}

export function readClientData(): ClientData {
  const el = document.getElementById('__docs');
  if (!el?.textContent) throw new Error('Docs data (#__docs) is missing from the page.');
  return JSON.parse(el.textContent);
}
