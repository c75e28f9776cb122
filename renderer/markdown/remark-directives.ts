import type { Root, RootContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import type { Processor } from 'unified';
import type { Parent } from 'unist';
import type { VFile } from 'vfile';
import { ctx, report } from './context.ts';
import { DIRECTIVES, type DirectiveKind, type DirectiveRegistry, type RenderContext } from './directives/index.ts';
import { resolveFile, resolveLink } from './remark-links.ts';
import { SKIP, walk, type WalkResult } from './walk.ts';

type Directive = ContainerDirective | LeafDirective | TextDirective;

const KIND: Record<string, DirectiveKind> = {
  containerDirective: 'container',
  leafDirective: 'leaf',
  textDirective: 'text',
};

/** `details, tabs, …` or `::cli-reference (on the CLI page)`: what an author could have meant. */
function known(registry: DirectiveRegistry, kind: DirectiveKind, prefix: string): string {
  return registry.entries
    .filter((e) => e.kind === kind)
    .flatMap((e) => e.names.map((name) => `${prefix}${name}${e.where ? ` (${e.where})` : ''}`))
    .join(', ');
}

/**
 * Renders every directive through its registry entry (renderer/markdown/directives). Unknown
 * container or leaf directives are errors; unknown text directives are put back as text, since
 * `a:b` in prose is not meant as a directive.
 */
export default function remarkDirectives(this: Processor, options: { directives?: DirectiveRegistry } = {}) {
  const registry = options.directives ?? DIRECTIVES;
  const knownContainers = known(registry, 'container', '');
  const knownLeaves = known(registry, 'leaf', '::');
  const parse = (markdown: string) => this.parse(markdown) as Root;
  return (tree: Root, file: VFile) => {
    const counters = new Map<string, number>();
    const context: RenderContext = {
      parse,
      report: (node, message, hint) => report(file, node, message, hint),
      file(node, url) {
        const c = ctx(file);
        const target = url ? resolveLink(url, c.doc.doc.relPath, c.doc.route, () => undefined) : null;
        if (!target || target.route === c.doc.route) {
          report(
            file,
            node,
            `not a file of the site: "${url}"`,
            'Put the file in content/static (e.g. content/static/media/demo.mp4) and write its path: /media/demo.mp4.',
          );
          return undefined;
        }
        const found = resolveFile(c, url, target.route);
        if (!found.exists) {
          report(
            file,
            node,
            `file not found: ${url}`,
            `Put the file in content/static${target.route} or fix the path.`,
          );
          return undefined;
        }
        return found.url;
      },
      sequence(key) {
        const n = counters.get(key) ?? 0;
        counters.set(key, n + 1);
        return n;
      },
    };
    walk(tree, undefined, (node, index, parent): WalkResult => {
      const kind = KIND[node.type];
      if (!kind) return;
      const d = node as Directive;
      const siblings = (parent as Parent).children as RootContent[];
      const entry = registry.get(kind, d.name);
      if (!entry) {
        if (kind === 'text') {
          const text = `:${d.name}${d.children.length ? `[${toString(d)}]` : ''}`;
          siblings.splice(index!, 1, { type: 'text', value: text, position: d.position });
          return SKIP;
        }
        if (kind === 'leaf') {
          report(file, d, `unknown directive "::${d.name}"`, `Known leaf directives: ${knownLeaves}.`);
          siblings.splice(index!, 1);
          return [SKIP, index!];
        }
        report(file, d, `unknown directive ":::${d.name}"`, `Known container directives: ${knownContainers}.`);
        return;
      }
      const replacement = entry.render(d as never, context);
      if (!replacement) return;
      siblings.splice(index!, 1, ...replacement);
      // The replacement is rendered in turn, from its first node.
      return [SKIP, index!];
    });
  };
}
