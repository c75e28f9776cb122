import type * as en from './en.ts';

/** A text of the English dictionary as every locale must give it: any string, the same parameters. */
type Widen<T> = T extends 'ltr' | 'rtl'
  ? 'ltr' | 'rtl'
  : T extends string
    ? string
    : T extends (...args: infer A) => string
      ? (...args: A) => string
      : { readonly [K in keyof T]: Widen<T[K]> };

/** Every locale's dictionary: the keys of en.ts, each a text of the same shape. */
export type Texts = { readonly [K in keyof typeof en]: Widen<(typeof en)[K]> };
