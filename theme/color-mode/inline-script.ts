import { STORAGE_KEYS } from '../shared/storage-keys.ts';
import type { ColorModeConfig } from './rules.ts';

/**
 * The one render-blocking script: sets data-theme before first paint so a reload in dark mode
 * never flashes light. It mirrors rules.ts in a few bytes; test/color-mode covers both.
 */
export function colorModeScript(config: ColorModeConfig): string {
  const c = JSON.stringify(config);
  return `(function(){var c=${c},d=document.documentElement,s=null;d.classList.add('js');try{s=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)});if(c.disableSwitch){localStorage.removeItem(${JSON.stringify(STORAGE_KEYS.theme)});s=null}}catch(e){}if(s!=='light'&&s!=='dark'&&s!=='system')s=null;var ch=c.disableSwitch?c.defaultMode:(s||(c.respectPrefersColorScheme?'system':c.defaultMode));var m=ch;if(ch==='system'){m=c.respectPrefersColorScheme&&window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':(c.respectPrefersColorScheme?'light':c.defaultMode)}d.setAttribute('data-theme',m);d.setAttribute('data-theme-choice',ch)})();`;
}
