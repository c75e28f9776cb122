import fs from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';

/** A Markdown source before parsing: a real file under content/docs, or a generated one. */
export interface SourceDoc {
  /** Path shown in messages (relative to the project root for real files). */
  file: string;
  /** POSIX path under the docs root, e.g. `reference/cli.md`. */
  relPath: string;
  source: string;
  /** Generated docs (the SDK reference) have no file to edit. */
  generated?: boolean;
}

/** Reads every Markdown file under `docsDir`, in a stable order. */
export function readDocs(docsDir: string, cwd = process.cwd()): SourceDoc[] {
  return fg
    .sync('**/*.md', { cwd: docsDir, onlyFiles: true })
    .sort()
    .map((relPath) => {
      const abs = path.join(docsDir, relPath);
      return { file: path.relative(cwd, abs), relPath, source: fs.readFileSync(abs, 'utf8') };
    });
}

/** Lists custom React pages (`content/pages/*.tsx`). */
export function listPages(pagesDir: string): string[] {
  if (!fs.existsSync(pagesDir)) return [];
  return fg.sync('*.tsx', { cwd: pagesDir, absolute: true }).sort();
}
