import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CodeHoversModule } from '../../../renderer/markdown/code-hovers.ts';
import { definePlugin } from '../../../renderer/plugins/types.ts';

/**
 * The type-hovers plugin (site.config.ts), a codeHovers hook: names in TypeScript samples show what the
 * compiler says they are (quick-info.ts), compiled the way the examples' type check compiles them
 * (samples-program.ts). `key` stays light; the compiler loads only when blocks lack hovers.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, '../../..');

const version = (pkg: string) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(projectRoot, 'node_modules', pkg, 'package.json'), 'utf8'))
      .version as string;
  } catch {
    return 'none';
  }
};

/** This module's code and the versions of the compiler and of the declarations it reads. */
function key(): string {
  const hash = crypto
    .createHash('sha1')
    .update(['typescript', '@dagger.io/dagger', '@types/node'].map((p) => `${p}@${version(p)}`).join('\n'));
  for (const file of fs.readdirSync(here).sort()) hash.update(file).update(fs.readFileSync(path.join(here, file)));
  return hash.digest('hex').slice(0, 16);
}

const codeHovers: CodeHoversModule = {
  key,
  grammars: ['typescript'],
  async hovers(blocks) {
    const { quickInfoHovers, samplesDir } = await import('./quick-info.ts');
    return quickInfoHovers(blocks, samplesDir(projectRoot));
  },
};

export default definePlugin({ name: 'type-hovers', setup: () => ({ codeHovers }) });
