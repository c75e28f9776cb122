/**
 * Every word the engine shows comes from the site's dictionary: the basic fixture built in the
 * pseudo-locale (`en-XA`, every text `[!! åççéñţéđ !!]`) shows no English but the fixture's own.
 * Any text left in the output that is neither pseudo nor found in the fixture's sources is
 * engine English that bypasses theme/shared/texts/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../renderer/build-site.ts';
import { claimQueue } from '../../renderer/claim-queue.ts';
import type { CompiledDoc } from '../../renderer/compile-doc.ts';
import { startCompileWorker } from '../../renderer/compile-worker.ts';
import { loadConfig } from '../../renderer/config/load.ts';
import { compileEnvOf, readSite } from '../../renderer/load-site.ts';
import * as enXA from '../../theme/shared/texts/en-XA.ts';
import { FIXTURE, fixtureCopy, ROOT, tempOut } from '../helpers/site.ts';

/** A page that shows the directives' fixed words: untitled admonition, unlabelled tab, details, video. */
const WORDS_DOC = `---
title: Directives
description: The directives with their default words.
---

:::note
A note with no title.
:::

::::tabs
:::tab
Unlabelled.
:::
::::

:::details
Hidden body.
:::

::video{src="/media/demo.mp4" title="Demo clip"}
`;

const config = fs
  .readFileSync(path.join(FIXTURE, 'site.config.ts'), 'utf8')
  .replace(
    "  baseUrl: '/',",
    "  baseUrl: '/',\n  locales: { default: 'en-XA', all: ['en-XA'] },\n  analytics: { posthog: { apiKey: 'phc_test', apiHost: 'https://eu.i.posthog.com' } },",
  );

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const decode = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#x27|#39|nbsp);/g,
    (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' })[e]!,
  );

/** The fixture's own words: every source file, as one string. */
function corpusOf(dir: string): string {
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(md|tsx?|svg)$/.test(f));
  return squash(files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n'));
}

/** What a reader sees or hears of a page: text nodes (no script or style) and the named attributes. */
function visibleTexts(html: string): string[] {
  const body = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '');
  const texts = [...body.matchAll(/>([^<]+)</g)].map((m) => m[1]);
  const attributes = [...body.matchAll(/\s(?:aria-label|title|placeholder|alt)="([^"]*)"/g)].map((m) => m[1]);
  const meta = [...body.matchAll(/<meta property="og:image:alt" content="([^"]*)"/g)].map((m) => m[1]);
  return [...texts, ...attributes, ...meta].map((t) => squash(decode(t))).filter(Boolean);
}

/** The parts of a text outside its pseudo-localised words that are words and not the fixture's. */
function foreignWords(text: string, corpus: string): string[] {
  return text
    .split(/\[!! .*? !!\]|\s*\|\s*/) // and a document title's "page | site"
    .map(squash)
    .filter((part) => /[A-Za-z]{2}/.test(part) && !corpus.includes(part) && !NAMES.has(part));
}

/** Thrown or logged for developers, never shown to readers (spec §8 keeps those English). */
const DEVELOPER_MESSAGES = [
  'Malformed page data for',
  'Docs data (#__docs) is missing',
  'The search could not be loaded:',
  'The search page could not be loaded:',
  'Search failed:',
];

/** Developer errors (theme/shared/dev-errors.ts) stay English, as build errors do: out of the scan. */
const devErrorsOut: Plugin = {
  name: 'dev-errors-out',
  setup: (b) => b.onResolve({ filter: /\/dev-errors\.ts$/ }, (args) => ({ path: args.path, external: true })),
};

/** Names, not words: the Markdown index's file name (the `describedby` link's title). */
const NAMES = new Set(['llms.txt']);

describe('the pseudo-locale', () => {
  let out: string;
  let corpus: string;
  beforeAll(async () => {
    const contentDir = fixtureCopy({
      'site.config.ts': config,
      'docs/words.md': WORDS_DOC,
      'static/media/demo.mp4': 'not a real video',
    });
    corpus = corpusOf(contentDir);
    out = tempOut();
    // On two threads: the compile thread renders the directives' words, in the locale too.
    await buildSite({ root: ROOT, contentDir, outDir: out, parallel: true });
  });

  it('leaves no engine English in any page', () => {
    const pages = fs.readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(4);
    const found = pages.flatMap((page) =>
      visibleTexts(fs.readFileSync(path.join(out, page), 'utf8')).flatMap((t) =>
        foreignWords(t, corpus).map((w) => `${page}: ${w}`),
      ),
    );
    expect([...new Set(found)]).toEqual([]);
    // The scan read pages in the pseudo-locale: the dictionary's words are there.
    const install = fs.readFileSync(path.join(out, 'guide/install/index.html'), 'utf8');
    expect(install).toContain(enXA.onThisPage);
    expect(install).toMatch(/<html lang="en-XA" dir="ltr"/);
  });

  it('the words of the demo doc come from the dictionary', () => {
    const texts = visibleTexts(fs.readFileSync(path.join(out, 'words/index.html'), 'utf8'));
    for (const word of [
      enXA.admonitions.note,
      enXA.tabFallback(1),
      enXA.detailsSummary,
      enXA.videoDownload('Demo clip'),
    ])
      expect(texts).toContain(word);
  });

  it('llms.txt opens in the locale', () => {
    expect(fs.readFileSync(path.join(out, 'llms.txt'), 'utf8')).toContain(enXA.llmsIntro('Widget', '1.2.3'));
  });

  it('the browser code of the engine has no English of its own', async () => {
    // The engine's client code alone: libraries out (not ours to translate) and the dictionary
    // out (the bundler swaps it per locale), so every word left in it is hard-coded.
    const texts = path.join(ROOT, 'theme/shared/texts.ts');
    const result = await build({
      entryPoints: [path.join(ROOT, 'theme/client/entry.ts')],
      bundle: true,
      write: false,
      splitting: true,
      minify: true, // and so no comments
      format: 'esm',
      outdir: path.join(out, '.scan'),
      packages: 'external',
      jsx: 'automatic',
      logLevel: 'silent',
      plugins: [
        {
          name: 'dictionary-out',
          setup: (b) =>
            b.onResolve({ filter: /\/texts\.ts$/ }, (args) =>
              path.resolve(args.resolveDir, args.path) === texts ? { path: args.path, external: true } : undefined,
            ),
        },
        devErrorsOut,
      ],
    });
    const code = result.outputFiles.map((f) => f.text).join('\n');
    expect(code).toContain('shared/texts.ts'); // the scan did see the code that reads the dictionary
    const literals = [...code.matchAll(/(["'`])((?:\\.|(?!\1).)*)\1/g)].map((m) => m[2]);
    // A phrase: a capitalised word and another word, as readers' texts are written.
    const phrases = literals.filter(
      (s) => /\b[A-Z][a-z]+,? [a-z]+/.test(s) && !DEVELOPER_MESSAGES.some((d) => s.startsWith(d)),
    );
    expect(phrases).toEqual([]);
  });

  it('the shipped bundle reads the pseudo-locale', () => {
    const assets = fs
      .readdirSync(path.join(out, 'assets'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.js'));
    const shipped = assets.map((f) => fs.readFileSync(path.join(out, 'assets', f), 'utf8')).join('\n');
    expect(shipped).toContain('[!! ');
  });

  it('a locale with no dictionary fails the build at the config, naming the locales there are', async () => {
    const contentDir = fixtureCopy({
      'site.config.ts': config.replace("default: 'en-XA', all: ['en-XA']", "default: 'de', all: ['de']"),
    });
    await expect(loadConfig(contentDir)).rejects.toThrow(
      /site\.config\.ts.*locales\.default: no dictionary for the locale "de" \(there are: en, en-XA; a new one is a file in theme\/shared\/texts\/\)/,
    );
  });

  it('a compile thread renders in the site locale, not in the English it starts with', async () => {
    const base = await readSite({
      root: ROOT,
      contentDir: fixtureCopy({ 'site.config.ts': config, 'docs/words.md': WORDS_DOC, 'static/media/demo.mp4': 'x' }),
      env: {},
    });
    const { table, ...env } = compileEnvOf(base);
    const queue = table.docs.map((d) => d.doc.relPath);
    const docs = table.docs.map((d) => ({ ...d, doc: { ...d.doc, source: '' } }));
    // The whole queue to the worker: this thread claims nothing, so every doc is compiled there.
    const handle = startCompileWorker();
    const compiled = await new Promise<CompiledDoc[]>((resolve, reject) => {
      const got: CompiledDoc[] = [];
      handle.worker.on('message', (m) =>
        m.doc ? got.push(m.doc) : m.done ? resolve(got) : reject(new Error(m.error)),
      );
      handle.worker.postMessage({
        compileJob: { ...env, docs, queue, pageRoutes: base.pages.map((p) => p.route) },
        next: claimQueue(queue.length),
      });
    }).finally(() => handle.stop());
    const words = compiled.find((c) => c.relPath === 'words.md')!;
    expect(words.html).toContain(enXA.admonitions.note);
    expect(words.html).not.toContain('>Note<');
  });
});
