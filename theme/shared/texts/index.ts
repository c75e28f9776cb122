/**
 * The dictionaries and the one the server renders with. A site's `locales.default` selects its
 * dictionary (`selectLocale`, called when its config is read and in each compile thread); the
 * browser bundle gets the same file in place of ../texts.ts (renderer/bundle-client.ts).
 */
import * as en from './en.ts';
import * as enXA from './en-XA.ts';
import type { Texts } from './types.ts';

export type { Texts } from './types.ts';

/** Locale → its dictionary module. `satisfies`: a dictionary missing a key of en.ts fails the typecheck. */
export const DICTIONARIES = { en, 'en-XA': enXA } satisfies Record<string, Texts>;

export type Locale = keyof typeof DICTIONARIES;

export const isLocale = (code: string): code is Locale => Object.hasOwn(DICTIONARIES, code);

/**
 * The texts the server renders with, as one table (`TEXTS.onThisPage`). One site is built per
 * process (and per compile thread), so the locale is chosen once, before anything renders.
 */
export const TEXTS: Texts = { ...en };

/** Makes `locale`'s dictionary the one `TEXTS` reads (the config schema has checked there is one). */
export function selectLocale(locale: string): void {
  if (!isLocale(locale)) throw new Error(`no dictionary for the locale "${locale}"`);
  Object.assign(TEXTS, DICTIONARIES[locale]);
}
