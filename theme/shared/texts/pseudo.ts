/**
 * Pseudo-localisation: each text accented and bracketed (`Search` → `[!! Śéåŕçĥ !!]`), so a page
 * built in the pseudo-locale shows at a glance which words do not come from the dictionary.
 */
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i],
  ]),
);

const accent = (text: string) => `[!! ${text.replace(/[a-zA-Z]/g, (c) => ACCENTED[c])} !!]`;

/** The pseudo-locale's form of an English text: strings accented, functions' results accented. */
export function pseudo<T>(text: T): T {
  if (typeof text === 'string') return accent(text) as T;
  if (typeof text === 'function') return ((...args: unknown[]) => accent(text(...args))) as T;
  return Object.fromEntries(Object.entries(text as object).map(([k, v]) => [k, pseudo(v)])) as T;
}
