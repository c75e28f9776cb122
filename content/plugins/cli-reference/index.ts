import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BuildError } from '../../../renderer/errors.ts';
import { sha1 } from '../../../renderer/hash.ts';
import { definePlugin } from '../../../renderer/plugins/types.ts';
import { loadCliData } from './cli-data.ts';
import { cliReferenceDirective } from './directive.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The CLI reference plugin: `::cli-reference` on a page expands to a section per command of the
 * data file (`data`, relative to content/; schema in README "Data-driven pages").
 */
export default definePlugin({
  name: 'cli-reference',
  schema: z.object({ data: z.string().min(1) }).strict(),
  setup({ data }, site) {
    const file = path.join(site.contentDir, data);
    const cli = loadCliData(file);
    if (!cli)
      throw new BuildError([
        {
          file: path.join(site.contentDir, 'site.config.ts'),
          message: `plugin "cli-reference": data: ${data} is not a file under content/`,
          hint: 'Write the CLI data there, or point data at it.',
        },
      ]);
    // The pages it renders change with the data (declared: the engine hashes it) and with this code.
    const code = fs
      .readdirSync(here)
      .sort()
      .map((f) => fs.readFileSync(path.join(here, f), 'utf8'));
    return { key: sha1(...code), files: [data], directives: [cliReferenceDirective(cli)] };
  },
});
