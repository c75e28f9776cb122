import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { CodeLinksModule } from '../../../renderer/markdown/code-links.ts';
import { definePlugin } from '../../../renderer/plugins/types.ts';
import { apiModelKey } from './api-model.ts';

/**
 * The linked-code plugin: Dagger API names in code samples link to the SDK reference (linker.ts),
 * through the engine's codeLinks hook. `key` stays light, since every build asks for it; the
 * linker and what it reads load only when a doc is compiled.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/** What the linker reads: the reference's exclusion list and the CLI data (absolute paths). */
export interface LinkerFiles {
  exclude?: string;
  cli: string;
}

/** The codeLinks module over these files (the content audit's tests make one too). */
export function codeLinksFor(files: LinkerFiles): CodeLinksModule {
  return {
    // The linker's code, the API it resolves against, what the reference leaves out, the CLI data.
    key() {
      const hash = crypto.createHash('sha1').update(apiModelKey());
      for (const file of fs.readdirSync(here).sort()) hash.update(file).update(fs.readFileSync(path.join(here, file)));
      for (const file of [files.exclude, files.cli])
        if (file && fs.existsSync(file)) hash.update(fs.readFileSync(file));
      return hash.digest('hex').slice(0, 16);
    },
    create: async (site) => (await import('./linker.ts')).createLinker(site, files),
  };
}

export default definePlugin({
  name: 'linked-code',
  schema: z.object({ exclude: z.string().min(1).optional(), cli: z.string().min(1) }).strict(),
  setup: ({ exclude, cli }, site) => ({
    files: exclude ? [exclude, cli] : [cli],
    codeLinks: codeLinksFor({
      exclude: exclude && path.join(site.contentDir, exclude),
      cli: path.join(site.contentDir, cli),
    }),
  }),
});
