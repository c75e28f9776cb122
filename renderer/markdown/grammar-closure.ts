import { bundledLanguages, bundledLanguagesInfo, type BundledLanguage, type LanguageRegistration } from 'shiki';

/**
 * The grammars a language's colours depend on. A TextMate grammar can change its output when
 * another grammar arrives: Shiki reloads a grammar that lists the newcomer in
 * `embeddedLangsLazy` (markdown colours a ```go fence only once go is loaded) or that the
 * newcomer's `injectTo` names. Loading a language together with its closure makes its blocks
 * depend on their source alone, not on which docs the thread compiled before. Read from
 * Shiki's own grammar metadata, so a Shiki upgrade that adds such a link needs no edit here.
 */
export interface GrammarClosures {
  /** The registrations to load with `lang` (one of the languages the closures were made for). */
  closureOf(lang: string): LanguageRegistration[];
}

/**
 * The closures of `languages` (Shiki names or aliases). Imports every one of their grammar
 * modules (about 0.1 s per thread; loading them into a highlighter is what costs): an injector
 * is known only by reading its grammar.
 */
export async function grammarClosures(languages: readonly string[]): Promise<GrammarClosures> {
  // Every grammar any of our languages' modules registers: the only ones a build can ever load,
  // so a lazy embed or injector outside them can never change an output.
  const loadable = new Map<string, LanguageRegistration>();
  const own = new Map<string, LanguageRegistration>();
  for (const lang of languages) {
    const id = bundledLanguagesInfo.find((info) => info.id === lang || info.aliases?.includes(lang))?.id;
    if (!id) throw new Error(`Shiki has no grammar for ${lang}`);
    const registrations = (await bundledLanguages[lang as BundledLanguage]()).default;
    for (const r of registrations) if (!loadable.has(r.name)) loadable.set(r.name, r);
    own.set(lang, loadable.get(id)!);
  }

  const cache = new Map<string, LanguageRegistration[]>();
  return {
    closureOf(lang) {
      let closure = cache.get(lang);
      if (!closure) {
        const root = own.get(lang);
        if (!root) throw new Error(`${lang} is not one of the languages the grammar closures were made for`);
        closure = closureFrom(root, loadable);
        cache.set(lang, closure);
      }
      return closure;
    },
  };
}

function closureFrom(root: LanguageRegistration, loadable: Map<string, LanguageRegistration>): LanguageRegistration[] {
  const closure = new Map<string, LanguageRegistration>();
  const add = (r: LanguageRegistration) => {
    if (closure.has(r.name)) return;
    closure.set(r.name, r);
    for (const name of [...(r.embeddedLangs ?? []), ...(r.embeddedLangsLazy ?? [])]) {
      const embedded = loadable.get(name);
      if (embedded) add(embedded);
    }
  };
  add(root);
  // Injectors until none is left: an injector's own embeds can bring scopes others inject into.
  // Scope matching as Shiki's registry does it: the scope itself or one below it.
  const injectsIntoClosure = (r: LanguageRegistration) =>
    r.injectTo?.some((scope) =>
      [...closure.values()].some((t) => t.scopeName === scope || t.scopeName.startsWith(`${scope}.`)),
    );
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of loadable.values()) {
      if (!closure.has(r.name) && injectsIntoClosure(r)) {
        add(r);
        grew = true;
      }
    }
  }
  return [...closure.values()];
}
