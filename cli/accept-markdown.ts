/**
 * Content negotiation between a page's HTML and its Markdown copy, for `docs serve` and
 * `docs dev`. Markdown only when asked for by name (`text/markdown`, or the older
 * `text/x-markdown`) at least as strongly as HTML: browsers send `text/html, …, *\/*;q=0.8`
 * and keep getting HTML; `curl -H 'Accept: text/markdown'` or an agent's
 * `text/markdown, text/html;q=0.9` gets Markdown.
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  if (!accept) return false;
  const q = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    const value = weight ? Number(weight[1]) : 1;
    q.set(type.trim(), Math.max(q.get(type.trim()) ?? 0, Number.isFinite(value) ? value : 0));
  }
  const markdown = Math.max(q.get('text/markdown') ?? 0, q.get('text/x-markdown') ?? 0);
  const html = q.get('text/html') ?? q.get('text/*') ?? q.get('*/*') ?? 0;
  return markdown > 0 && markdown >= html;
}

/** Headers of either answer: caches keep them apart by Accept, and the HTML names its Markdown copy. */
export function negotiatedHeaders(markdownUrl: string): Record<string, string> {
  return { Vary: 'Accept', Link: `<${markdownUrl}>; rel="alternate"; type="text/markdown"` };
}
