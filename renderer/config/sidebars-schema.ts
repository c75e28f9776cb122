import fs from 'node:fs';
import { z } from 'zod';
import type { Problem } from '../errors.ts';
import type { Sidebars } from '../../theme/shared/types.ts';
import { zodProblems } from './friendly-errors.ts';

const label = z.string().min(1, 'a label must not be empty');

/**
 * One entry of content/sidebars.ts; the type in theme/shared/types.ts is what it checks. A bare
 * string is a doc id: read as `{ type: 'doc', id }`, so a bad entry gets the error of its own kind
 * rather than zod's "Invalid input" for a union.
 */
const SidebarItemSchema: z.ZodType<unknown> = z.lazy(() =>
  z.preprocess(
    (item) => (typeof item === 'string' ? { type: 'doc', id: item } : item),
    z.discriminatedUnion('type', [
      z
        .object({
          type: z.literal('doc'),
          id: z.string().min(1, 'a doc id must not be empty'),
          label: label.optional(),
        })
        .strict(),
      z.object({ type: z.literal('link'), label, href: z.string().min(1) }).strict(),
      z
        .object({
          type: z.literal('category'),
          label,
          items: z.array(SidebarItemSchema),
          collapsible: z.boolean().optional(),
          collapsed: z.boolean().optional(),
          link: z.string().min(1).optional(),
        })
        .strict(),
      z.object({ type: z.literal('generated'), plugin: z.string().min(1), label }).strict(),
    ]),
  ),
);

export const SidebarsSchema = z.record(z.string(), z.array(SidebarItemSchema));

/**
 * The line of sidebars.ts an error is about: the sidebar's name, then each item on the error's
 * path that has an id, href or label, looked for in order in the source (each after the last),
 * the deepest one found giving the line.
 */
function lineOfPath(source: string, value: unknown, issuePath: (string | number)[]): number | undefined {
  const needles: string[] = typeof issuePath[0] === 'string' ? [issuePath[0]] : [];
  let at: unknown = value;
  for (const key of issuePath) {
    if (at == null || typeof at !== 'object') break;
    at = (at as Record<string | number, unknown>)[key];
    const item = (at && typeof at === 'object' ? at : {}) as Record<string, unknown>;
    const name = typeof at === 'string' ? at : [item.id, item.href, item.label].find((v) => typeof v === 'string');
    if (typeof name === 'string' && name) needles.push(name);
  }
  let from = 0;
  let found: number | undefined;
  needles.forEach((needle, i) => {
    const forms = i === 0 ? [needle] : ["'", '"', '`'].map((q) => `${q}${needle}${q}`);
    const hits = forms.map((f) => source.indexOf(f, from)).filter((n) => n >= 0);
    if (!hits.length) return;
    found = Math.min(...hits);
    from = found + needle.length;
  });
  return found === undefined ? undefined : source.slice(0, found).split('\n').length;
}

/** Checks what sidebars.ts exports; problems name the key path and its line. */
export function checkSidebars(value: unknown, file: string): { sidebars: Sidebars } | { problems: Problem[] } {
  const parsed = SidebarsSchema.safeParse(value);
  // The value itself, not zod's output: bare doc ids stay strings, as written.
  if (parsed.success) return { sidebars: value as Sidebars };
  const source = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const problems = zodProblems(parsed.error, file).map((problem, i) => ({
    ...problem,
    line: lineOfPath(source, value, parsed.error.issues[i].path),
  }));
  return { problems };
}
