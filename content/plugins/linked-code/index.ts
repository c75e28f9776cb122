import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CodeLinksModule } from '../../../renderer/markdown/code-links.ts';
import config from '../../site.config.ts';
import { apiModelKey } from './api-model.ts';

/**
 * The site's codeLinks module (site.config.ts): Dagger API names in code samples link to the SDK
 * reference (linker.ts). `key` stays light, since every build asks for it; the linker and what it
 * reads load only when a doc is compiled.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const contentDir = path.resolve(here, '../..');

/** The linker's code, the API it resolves against, what the reference leaves out, the CLI data. */
function key(): string {
  const hash = crypto.createHash('sha1').update(apiModelKey());
  for (const file of fs.readdirSync(here).sort()) hash.update(file).update(fs.readFileSync(path.join(here, file)));
  const exclude = config.apiReference?.exclude;
  for (const file of [exclude && path.join(contentDir, exclude), path.join(contentDir, 'data/cli.yaml')]) if (file && fs.existsSync(file)) hash.update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

const linkedCode: CodeLinksModule = {
  key,
  create: async (site) => (await import('./linker.ts')).createLinker(site),
};
export default linkedCode;
