import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { BuildError } from './errors.ts';

/** A Markdown source before parsing: a real file under content/docs, or a generated one. */
export interface SourceDoc {
  /** Path shown in messages (relative to the project root for real files). */
  file: string;
  /** POSIX path under the docs root, e.g. `reference/cli.md`. */
  relPath: string;
  source: string;
  /** Generated docs (a plugin's, renderer/plugins/types.ts) have no file to edit. */
  generated?: boolean;
  /** A generated doc's group in llms.txt and the MCP server's index. */
  section?: string;
  /** A generated doc listed in llms.txt. */
  listed?: boolean;
}

/**
 * Reads every Markdown file under `docsDir`, in a stable order. A file deleted between the
 * listing and its reading (a writer's save, a branch switch) is left out, as if listed a moment
 * later; one that cannot be read is a problem naming it.
 */
export function readDocs(docsDir: string, cwd = process.cwd()): SourceDoc[] {
  const docs: SourceDoc[] = [];
  for (const relPath of fg.sync('**/*.md', { cwd: docsDir, onlyFiles: true }).sort()) {
    const abs = path.join(docsDir, relPath);
    const file = path.relative(cwd, abs);
    try {
      docs.push({ file, relPath, source: fs.readFileSync(abs, 'utf8') });
    } catch (error: any) {
      if (error?.code === 'ENOENT') continue;
      throw new BuildError([
        {
          file,
          message: `cannot read this file: ${error?.code ?? error?.message ?? error}`,
          hint: 'Check its permissions.',
        },
      ]);
    }
  }
  return docs;
}

/** Lists custom React pages (`content/pages/*.tsx`). */
export function listPages(pagesDir: string): string[] {
  if (!fs.existsSync(pagesDir)) return [];
  return fg.sync('*.tsx', { cwd: pagesDir, absolute: true }).sort();
}
