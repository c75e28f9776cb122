/**
 * The order of the two-ended compile queue (compile-in-parallel.ts): this thread claims from the
 * front, the worker from the back, until they meet. Each thread pays, once, for every grammar
 * it highlights with (Oniguruma compiles a grammar's patterns on first use, each once per
 * thread, markdown/pattern-scanners.ts: a tenth of a second or two of CPU per grammar) and for
 * the diagram renderer (~0.1 s to import, more to warm up). So the front holds the docs with
 * diagrams, then the docs that use the site's rarest languages; the back the docs whose
 * languages every other doc uses too, then those without code. The worker, coming from the
 * back, then loads only the common grammars, wherever the two meet. Among equals, docs with
 * more languages, then bigger docs, come first. Docs for which `first` holds come before all
 * others (those waiting for code hovers, which this thread computes while the worker compiles).
 */
import { fenceLanguages } from './markdown/shiki.ts';
import { hasDiagramFence } from './markdown/mermaid.ts';

export function compileOrder<T extends { body: string }>(docs: T[], first: (doc: T) => boolean = () => false): T[] {
  const langs = new Map(docs.map((d) => [d, fenceLanguages(d.body)]));
  const users = new Map<string, number>();
  for (const list of langs.values()) for (const l of list) users.set(l, (users.get(l) ?? 0) + 1);
  // How many docs share this doc's rarest language (docs without code: more than any).
  const rarest = new Map(docs.map((d) => [d, Math.min(docs.length + 1, ...langs.get(d)!.map((l) => users.get(l)!))]));
  const diagram = new Map(docs.map((d) => [d, hasDiagramFence(d.body) ? 1 : 0]));
  const early = new Map(docs.map((d) => [d, first(d) ? 1 : 0]));
  return [...docs].sort(
    (a, b) =>
      early.get(b)! - early.get(a)! ||
      diagram.get(b)! - diagram.get(a)! ||
      rarest.get(a)! - rarest.get(b)! ||
      langs.get(b)!.length - langs.get(a)!.length ||
      b.body.length - a.body.length,
  );
}
