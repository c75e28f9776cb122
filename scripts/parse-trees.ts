#!/usr/bin/env -S npx tsx
// Parses every doc of one or more content folders three ways and compares the mdast trees,
// positions included (util.isDeepStrictEqual): the pipeline's parse (renderer/markdown/
// remark-parse.ts: the fast parse of renderer/markdown/parse/, micromark only where it must, each
// body tokenized only with the syntax extensions it may hold), micromark alone with every
// extension (the parse before those changes), and the packages' own remark-parse +
// remark-gfm + remark-directive. Then the parse CPU per doc of each (process.cpuUsage, the three
// alternating within each round, best and median of the rounds). Exits 1 on any difference.
//
//   npx tsx scripts/parse-trees.ts [--rounds 5] <contentDir>...   (e.g. content, a corpus content folder)
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import remarkDirectivePackage from 'remark-directive';
import remarkGfmPackage from 'remark-gfm';
import remarkParsePackage from 'remark-parse';
import { type Processor, unified } from 'unified';
import { readSite } from '../renderer/load-site.ts';
import remarkDirective from '../renderer/markdown/remark-directive.ts';
import remarkGfm from '../renderer/markdown/remark-gfm.ts';
import remarkParse from '../renderer/markdown/remark-parse.ts';

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args.splice(roundsAt, 2)[1]) : 5;

/** remark-parse with every extension, optional or not: the parse as it was. */
function remarkParseAll(this: Processor) {
  const data = this.data();
  this.parser = (body: string): Root =>
    fromMarkdown(body, {
      extensions: data.micromarkExtensions ?? [],
      mdastExtensions: data.fromMarkdownExtensions ?? [],
    });
}

const parsers = {
  pipeline: unified().use(remarkParse).use(remarkGfm).use(remarkDirective).freeze(),
  'all extensions': unified().use(remarkParseAll).use(remarkGfm).use(remarkDirective).freeze(),
  packages: unified().use(remarkParsePackage).use(remarkGfmPackage).use(remarkDirectivePackage).freeze(),
};

/** Where two trees first differ, as a path. */
function firstDifference(a: any, b: any, at = '$'): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b)
    return `${at}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const found = firstDifference(a[key], b[key], `${at}.${key}`);
    if (found) return found;
  }
  return `${at}: differs`;
}

let failed = false;
for (const dir of args) {
  const contentDir = path.resolve(dir);
  const site = await readSite({ root: process.cwd(), contentDir });
  const docs = site.table.docs.map((d) => ({ file: d.doc.relPath, body: d.body }));

  let same = 0;
  for (const { file, body } of docs) {
    const reference = parsers.packages.parse(body);
    const differences = (['pipeline', 'all extensions'] as const)
      .map((name) => [name, firstDifference(parsers[name].parse(body), reference)] as const)
      .filter(([, difference]) => difference);
    if (differences.length) {
      failed = true;
      for (const [name, difference] of differences)
        console.log(`${file}: ${name} differs from the packages at ${difference}`);
    } else same++;
  }
  console.log(`${dir}: ${same} of ${docs.length} docs parse to the same tree three ways`);

  const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(parsers).map((name) => [name, []]));
  const names = Object.keys(parsers) as (keyof typeof parsers)[];
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length];
      const start = process.cpuUsage();
      for (const { body } of docs) parsers[name].parse(body);
      const used = process.cpuUsage(start);
      cpu[name].push((used.user + used.system) / 1000 / docs.length);
    }
  }
  for (const [name, runs] of Object.entries(cpu)) {
    const sorted = runs.sort((a, b) => a - b);
    console.log(
      `  parse CPU, ${name.padEnd(14)} best ${sorted[0].toFixed(3)} ms/doc, median ${sorted[sorted.length >> 1].toFixed(3)} ms/doc`,
    );
  }
}
process.exitCode = failed ? 1 : 0;
