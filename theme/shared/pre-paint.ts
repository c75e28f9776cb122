import { colorModeScript } from '../color-mode/inline-script.ts';
import type { ColorModeConfig } from '../color-mode/rules.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

/**
 * The inline script that runs before first paint: colour mode, and hiding an announcement the
 * reader already closed (so it never flashes in).
 */
export function prePaintScript(colorMode: ColorModeConfig, announcementId?: string): string {
  const announcement = announcementId
    ? `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.announcementDismissed)})===${JSON.stringify(announcementId)})document.documentElement.setAttribute('data-announcement-dismissed','')}catch(e){}`
    : '';
  return colorModeScript(colorMode) + announcement;
}
