import { definePlugin } from '../../../renderer/plugins/types.ts';
import { DOC_ROOT, MODULES_DOC_ID } from './doc-root.ts';
import { ReferenceOptions, referenceSettings } from './settings.ts';

const idOf = (relPath: string) => relPath.replace(/\.md$/, '').replace(/\/index$/, '');

/**
 * The TypeScript SDK reference (and the GraphQL reference read from the same package) as a
 * plugin: TypeDoc → Markdown docs under reference/typescript/, cached (index.ts), and their
 * sidebar section, which sidebars.ts places with `{ type: 'generated', plugin: 'typescript-api' }`.
 * Only the overview is listed in llms.txt; every page has its Markdown copy.
 */
export default definePlugin({
  name: 'typescript-api',
  schema: ReferenceOptions,
  setup(options, site) {
    const settings = referenceSettings(options, site);
    return {
      // Read into the generated docs (overview) and what they leave out (exclude).
      files: options.exclude ? [options.overview, options.exclude] : [options.overview],
      async docs(run) {
        // Loaded only here: the generator brings TypeDoc's model code.
        const { loadApiReference } = await import('./index.ts');
        const ref = await loadApiReference({ ...settings, force: run?.fresh });
        const ids = new Set(ref.docs.map((d) => idOf(d.relPath)));
        return {
          section: 'SDK reference',
          docs: ref.docs.map((d) => ({ ...d, listed: idOf(d.relPath) === DOC_ROOT })),
          // The section links to the modules index.
          sidebar: { items: ref.sidebar, link: ids.has(MODULES_DOC_ID) ? MODULES_DOC_ID : undefined },
        };
      },
    };
  },
});
