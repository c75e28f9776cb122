import fs from 'node:fs';
import path from 'node:path';

/**
 * What a changed path under the content folder can affect:
 * - `doc`: a Markdown file under docs/: its own page, or the routes when it is added, removed
 *   or its frontmatter moves it;
 * - `file`: any other file under docs/ or static/ (an image, a folder): the docs that name it, and
 *   the sidebars' link items;
 * - `code`: anything else (site.config.ts, sidebars.ts, pages/, data/, redirects.txt, …): the site
 *   is read again.
 */
export type ChangeKind = 'doc' | 'file' | 'code';

// Files editors write beside the one they save (vim's write test and backup, JetBrains' safe
// write, Emacs' lock and autosave): never content, and seeing them would turn a save of one doc
// into a re-read of every doc.
const EDITOR_SCRATCH = /(~|\.sw[a-px]|___jb_(tmp|old)___)$|^4913$|^\.#|^#.*#$/;

export function isEditorScratch(file: string): boolean {
  return EDITOR_SCRATCH.test(path.basename(file));
}

export function changeKind(contentDir: string, file: string): ChangeKind {
  const rel = path.relative(contentDir, file).split(path.sep);
  if (rel[0] === 'docs' && rel.length > 1) return file.endsWith('.md') ? 'doc' : 'file';
  if (rel[0] === 'static' && rel.length > 1) return 'file';
  return 'code';
}

/** Size, times and inode, or 'missing': enough to tell that a file was written since it was last read. */
export function stampOf(file: string): string {
  try {
    const s = fs.statSync(file);
    return `${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`;
  } catch {
    return 'missing';
  }
}

/** The file's text, or undefined when it is gone. */
export function readIfThere(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
