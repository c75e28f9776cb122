/**
 * The one render-blocking script, inlined in every page's head: sets data-theme (and the
 * reader's choice) before first paint so a reload in dark mode never flashes light, and hides
 * an announcement the reader already closed. It runs the same rules.ts as the toggle and the
 * React provider; renderer/pre-paint-script.ts bundles it with the site's settings built in.
 */
import { STORAGE_KEYS } from '../shared/storage-keys.ts';
import {
  CHOICE_ATTRIBUTE,
  effectiveChoice,
  MODE_ATTRIBUTE,
  modeFor,
  parseChoice,
  type ColorModeConfig,
} from './rules.ts';

declare const __COLOR_MODE__: ColorModeConfig;
declare const __ANNOUNCEMENT_ID__: string | null;

const root = document.documentElement;
root.classList.add('js');
let stored = null;
try {
  stored = parseChoice(localStorage.getItem(STORAGE_KEYS.theme));
  if (__COLOR_MODE__.disableSwitch) {
    localStorage.removeItem(STORAGE_KEYS.theme);
    stored = null;
  }
} catch {
  // Storage unavailable (private mode): the configured default applies.
}
const choice = effectiveChoice(stored, __COLOR_MODE__);
root.setAttribute(
  MODE_ATTRIBUTE,
  modeFor(choice, Boolean(window.matchMedia?.('(prefers-color-scheme: dark)').matches), __COLOR_MODE__),
);
root.setAttribute(CHOICE_ATTRIBUTE, choice);
if (__ANNOUNCEMENT_ID__) {
  try {
    if (localStorage.getItem(STORAGE_KEYS.announcementDismissed) === __ANNOUNCEMENT_ID__)
      root.setAttribute('data-announcement-dismissed', '');
  } catch {
    // Storage unavailable: the bar shows, and closing it lasts for the visit.
  }
}
