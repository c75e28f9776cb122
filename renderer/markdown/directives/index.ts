import type { Element } from 'hast';
import { admonitions } from './admonitions.ts';
import { details } from './details.ts';
import { tab, tabs } from './tabs.ts';
import type { ContainerEntry, DirectiveEntry, DirectiveKind, LeafEntry, TextEntry } from './types.ts';
import { video } from './video.ts';

export type * from './types.ts';
export { ADMONITION_KINDS, ALERT_MARKER, alertKind, GITHUB_ALERTS, type AdmonitionKind } from './admonitions.ts';

type EntryOf<K extends DirectiveKind> = Extract<DirectiveEntry, { kind: K }>;

/**
 * Every directive the site knows, looked up by kind and name. Rendering (remark-directives),
 * the Markdown export and search records all read it, so a new directive is one entry (plus CSS).
 */
export interface DirectiveRegistry {
  readonly entries: readonly DirectiveEntry[];
  get<K extends DirectiveKind>(kind: K, name: string): EntryOf<K> | undefined;
  /** The entries' search hooks, merged: the record walk asks once per element. */
  search: {
    hidden(el: Element): boolean;
    record(el: Element, textOf: (el: Element) => string): string | null | undefined;
    blocks: ReadonlySet<string>;
  };
}

export function createDirectiveRegistry(entries: readonly DirectiveEntry[]): DirectiveRegistry {
  // Maps, not objects: `:::constructor` must be unknown, not Object.prototype's.
  const byKind = {
    container: new Map<string, ContainerEntry>(),
    leaf: new Map<string, LeafEntry>(),
    text: new Map<string, TextEntry>(),
  };
  for (const entry of entries) {
    const map = byKind[entry.kind] as Map<string, DirectiveEntry>;
    for (const name of entry.names) {
      if (map.has(name)) throw new Error(`directive "${name}" (${entry.kind}) is registered twice`);
      map.set(name, entry);
    }
  }
  const hidden = entries.flatMap((e) => (e.search?.hidden ? [e.search.hidden] : []));
  const records = entries.flatMap((e) => (e.search?.record ? [e.search.record] : []));
  return {
    entries,
    get: (kind, name) => byKind[kind].get(name) as any,
    search: {
      hidden: (el) => hidden.some((h) => h(el)),
      record(el, textOf) {
        for (const record of records) {
          const result = record(el, textOf);
          if (result !== undefined) return result;
        }
        return undefined;
      },
      blocks: new Set(entries.flatMap((e) => e.search?.blocks ?? [])),
    },
  };
}

/** The engine's own directives; a build adds its plugins' (renderer/plugins/load.ts). Their order is the order the unknown-directive hint lists them in. */
export const BUILT_IN_DIRECTIVES: readonly DirectiveEntry[] = [details, tabs, tab, admonitions, video];

/** The engine's directives alone: what a site without plugins compiles with. */
export const DIRECTIVES = createDirectiveRegistry(BUILT_IN_DIRECTIVES);
