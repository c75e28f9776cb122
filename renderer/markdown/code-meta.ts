/** Fence meta: `title="main.go" {1,3-5} no-check` → title and highlighted line numbers. */
export interface CodeMeta {
  title?: string;
  highlight: Set<number>;
}

export function parseCodeMeta(meta: string | null | undefined): CodeMeta {
  const result: CodeMeta = { highlight: new Set() };
  if (!meta) return result;
  const title = /title=(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(meta);
  if (title) result.title = title[1] ?? title[2] ?? title[3];
  const ranges = /\{([\d,\s-]+)\}/.exec(meta.replace(title?.[0] ?? '', ''));
  if (ranges) {
    for (const part of ranges[1].split(',')) {
      const [a, b] = part.trim().split('-').map(Number);
      if (!Number.isFinite(a)) continue;
      for (let n = a; n <= (Number.isFinite(b) ? b : a) && n - a < 10_000; n++) result.highlight.add(n);
    }
  }
  return result;
}
