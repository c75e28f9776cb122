/**
 * The colour-mode rules of spec §4, as pure functions shared by the pre-paint script, the
 * vanilla toggle and the React provider.
 */
export type Mode = 'light' | 'dark';

/** The root element's attributes the styles key on: the mode in force, and the reader's choice (the toggle's icon). */
export const MODE_ATTRIBUTE = 'data-theme';
export const CHOICE_ATTRIBUTE = 'data-theme-choice';
/** The CSS selector of dark mode, for styles written by code (tokens.css writes it by hand). A function, so the pre-paint script drops it. */
export function darkSelector(): string {
  return `[${MODE_ATTRIBUTE}='dark']`;
}
export type Choice = Mode | 'system';

export interface ColorModeConfig {
  defaultMode: Mode;
  disableSwitch: boolean;
  respectPrefersColorScheme: boolean;
}

export function parseChoice(value: string | null): Choice | null {
  return value === 'light' || value === 'dark' || value === 'system' ? value : null;
}

/** The choice in force: the stored one, else system (when respected) or the default mode. */
export function effectiveChoice(stored: Choice | null, config: ColorModeConfig): Choice {
  if (config.disableSwitch) return config.defaultMode;
  return stored ?? (config.respectPrefersColorScheme ? 'system' : config.defaultMode);
}

/** The mode shown for a choice; 'system' follows the OS only when the config respects it. */
export function modeFor(choice: Choice, systemDark: boolean, config: ColorModeConfig): Mode {
  if (choice !== 'system') return choice;
  return config.respectPrefersColorScheme ? (systemDark ? 'dark' : 'light') : config.defaultMode;
}

/** Next choice of the toggle: light ↔ dark, or light → dark → system when system is respected. */
export function nextChoice(current: Choice, config: ColorModeConfig): Choice {
  if (!config.respectPrefersColorScheme) return current === 'dark' ? 'light' : 'dark';
  return current === 'light' ? 'dark' : current === 'dark' ? 'system' : 'light';
}
