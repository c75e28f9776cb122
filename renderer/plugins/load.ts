import fs from 'node:fs';
import path from 'node:path';
import type { PluggableList } from 'unified';
import { BuildError, type Problem } from '../errors.ts';
import { zodProblems } from '../config/friendly-errors.ts';
import { importFresh } from '../import-fresh.ts';
import { sha1 } from '../hash.ts';
import { BUILT_IN_DIRECTIVES, createDirectiveRegistry, type DirectiveRegistry } from '../markdown/directives/index.ts';
import type { CodeLinksModule } from '../markdown/code-links.ts';
import type { CodeHoversModule } from '../markdown/code-hovers.ts';
import type { DocsPlugin, GeneratedDocs, HeadTag, PluginHooks, PluginSite } from './types.ts';

/** A site's plugins set up on one thread, merged into what each part of the engine reads. */
export interface SitePlugins {
  names: string[];
  /** The engine's directives and the plugins'. */
  directives: DirectiveRegistry;
  remark: PluggableList;
  rehype: PluggableList;
  codeLinks?: CodeLinksModule;
  codeHovers?: CodeHoversModule;
  head: HeadTag[];
  /** Everything the plugins' compile output depends on (part of every doc's compile-cache key). */
  key: string;
  /** The files the plugins said they read (`files`), absolute. */
  files: string[];
  /** Each plugin's generated docs, by plugin name. */
  docs(run?: { fresh?: boolean }): Promise<Map<string, GeneratedDocs>>;
  buildEnd(build: { outDir: string }): Promise<void>;
  /** Whether any plugin has a `buildEnd` hook (it reads the finished output folder). */
  hasBuildEnd: boolean;
}

/** The engine alone: what a site without plugins compiles with. */
export const NO_PLUGINS: SitePlugins = combine([], '');

/** A file's bytes as a hash, or a mark that it is missing (a plugin may name a file it makes). */
export function fileDigest(file: string): string {
  try {
    return sha1(fs.readFileSync(file));
  } catch {
    return 'missing';
  }
}

function combine(set: { plugin: DocsPlugin; hooks: PluginHooks }[], contentDir: string): SitePlugins {
  const files = set.map((p) => (p.hooks.files ?? []).map((f) => path.resolve(contentDir, f)));
  const withLinks = set.filter((p) => p.hooks.codeLinks);
  const withHovers = set.filter((p) => p.hooks.codeHovers);
  return {
    names: set.map((p) => p.plugin.name),
    directives: createDirectiveRegistry([...BUILT_IN_DIRECTIVES, ...set.flatMap((p) => p.hooks.directives ?? [])]),
    remark: set.flatMap((p) => p.hooks.remark ?? []),
    rehype: set.flatMap((p) => p.hooks.rehype ?? []),
    codeLinks: withLinks[0]?.hooks.codeLinks,
    codeHovers: withHovers[0]?.hooks.codeHovers,
    head: set.flatMap((p) => p.hooks.head ?? []),
    files: [...new Set(files.flat())],
    key: set.length
      ? sha1(
          JSON.stringify(
            set.map((p, i) => [
              p.plugin.name,
              p.hooks.key ?? null,
              files[i]!.map((f) => [path.relative(contentDir, f), fileDigest(f)]),
              withLinks[0] === p ? p.hooks.codeLinks!.key() : null,
              withHovers[0] === p ? p.hooks.codeHovers!.key() : null,
            ]),
          ),
        )
      : '',
    async docs(run) {
      const out = new Map<string, GeneratedDocs>();
      for (const { plugin, hooks } of set) if (hooks.docs) out.set(plugin.name, await hooks.docs(run));
      return out;
    },
    async buildEnd(build) {
      for (const { hooks } of set) await hooks.buildEnd?.(build);
    },
    hasBuildEnd: set.some((p) => p.hooks.buildEnd),
  };
}

const ATTRIBUTE = /^[a-z][a-z0-9:-]*$/i;

const isPlugin = (p: any): p is DocsPlugin =>
  typeof p?.name === 'string' && p.name !== '' && typeof p?.setup === 'function';

/**
 * Checks each plugin's options with its schema and runs its `setup`. Every problem names the
 * config file and the plugin; one bad plugin fails the build with all of them.
 */
export async function setUpPlugins(
  plugins: readonly unknown[],
  site: PluginSite,
  configFile: string,
): Promise<SitePlugins> {
  const problems: Problem[] = [];
  const set: { plugin: DocsPlugin; hooks: PluginHooks }[] = [];
  const seen = new Set<string>();
  for (const [i, plugin] of plugins.entries()) {
    if (!isPlugin(plugin)) {
      problems.push({
        file: configFile,
        message: `plugins[${i}]: not a plugin (an object with a name and setup())`,
        hint: "Call the plugin's factory in the list: plugins: [myPlugin({ … })].",
      });
      continue;
    }
    if (seen.has(plugin.name))
      problems.push({
        file: configFile,
        message: `plugins[${i}]: "${plugin.name}" is listed twice`,
        hint: 'List each plugin once.',
      });
    seen.add(plugin.name);
    let options = plugin.options;
    if (plugin.schema) {
      const parsed = plugin.schema.safeParse(plugin.options);
      if (!parsed.success) {
        for (const p of zodProblems(parsed.error, configFile))
          problems.push({ ...p, message: `plugin "${plugin.name}": ${p.message}` });
        continue;
      }
      options = parsed.data;
    }
    try {
      const hooks = await plugin.setup(options, site);
      for (const t of hooks.head ?? []) {
        if (
          !['meta', 'link', 'script'].includes(t.tag) ||
          !Object.keys(t.attributes).every((name) => ATTRIBUTE.test(name))
        ) {
          problems.push({
            file: configFile,
            message: `plugin "${plugin.name}": head tag ${JSON.stringify(t)} is not a meta, link or script tag with attribute names`,
            hint: 'Give { tag, attributes } with names such as "name", "content", "data-x".',
          });
        }
      }
      set.push({ plugin, hooks });
    } catch (error) {
      // A plugin's BuildError may come from its own copy of the engine's module (the site's code is bundled with it).
      if (error instanceof BuildError || (error as BuildError)?.name === 'BuildError')
        problems.push(...(error as BuildError).problems);
      else
        problems.push({
          file: configFile,
          message: `plugin "${plugin.name}" failed to set up: ${(error as Error)?.message ?? String(error)}`,
          hint: 'Fix its options or its code (run with --debug for the stack).',
          stack: (error as Error)?.stack,
        });
    }
  }
  if (problems.length) throw new BuildError(problems);
  for (const [hook, what] of [
    ['codeLinks', 'links code samples'],
    ['codeHovers', 'explains names in code samples'],
  ] as const) {
    const holders = set.filter((p) => p.hooks[hook]);
    if (holders.length > 1)
      throw new BuildError([
        {
          file: configFile,
          message: `plugins: more than one ${what} (${holders.map((p) => p.plugin.name).join(', ')})`,
          hint: `Keep one ${hook} hook.`,
        },
      ]);
  }
  return combine(set, site.contentDir);
}

const perThread = new Map<string, Promise<SitePlugins>>();

/**
 * The plugins of the site in `contentDir`, read from its site.config.ts by a compile worker,
 * which gets paths and data from the build's thread but no functions. Once per thread.
 */
export function pluginsInWorker(contentDir: string, docsVersion: string): Promise<SitePlugins> {
  let loaded = perThread.get(contentDir);
  if (!loaded) {
    const configFile = path.join(contentDir, 'site.config.ts');
    loaded = importFresh(configFile).then((m) =>
      setUpPlugins((m.default?.plugins as unknown[]) ?? [], { contentDir, docsVersion }, configFile),
    );
    perThread.set(contentDir, loaded);
  }
  return loaded;
}
