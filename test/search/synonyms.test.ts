import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BuildError } from '../../renderer/errors.ts';
import { readSynonyms } from '../../renderer/search/synonyms.ts';
import { createLocalEngine, searchLocal } from '../../theme/islands/search/local-engine.ts';
import type { SearchManifest } from '../../theme/shared/search/manifest.ts';
import { buildRealSite } from '../helpers/real-site.ts';
import { tempOut } from '../helpers/site.ts';

/** The real site's search as the browser runs it, over the built files; optionally without its synonyms. */
function engineOf(out: string, withSynonyms = true) {
  const manifest = JSON.parse(fs.readFileSync(path.join(out, 'search/manifest.json'), 'utf8')) as SearchManifest;
  if (!withSynonyms) delete manifest.synonyms;
  return createLocalEngine(manifest, async (file) => JSON.parse(fs.readFileSync(path.join(out, file), 'utf8')));
}

/** The distinct pages of a query's first hits, as paths. */
async function pages(engine: ReturnType<typeof engineOf>, query: string, hits = 10): Promise<string[]> {
  const result = await searchLocal(engine, { query, hitsPerPage: hits });
  return [...new Set(result.hits.map((h) => new URL(h.url_without_anchor).pathname))];
}

describe('search synonyms (content/search-synonyms.yml) on the real site', () => {
  const out = tempOut();
  beforeAll(async () => {
    await buildRealSite(out);
  }, 600_000);

  it.each([
    ['k8s', '/reference/container-runtimes/kubernetes'],
    ['vscode', '/reference/ide-setup'],
    ['docker compose', '/extending/services'],
    ['gh actions', '/getting-started/ci-integrations/github-actions'],
    ['gha secrets', '/getting-started/ci-integrations/github-actions'],
    ['golang sdk', '/extending/custom-applications/go'],
    ['env var', '/reference/cli'],
    ['otel', '/features/observability'],
  ])('"%s" finds %s among its first pages', async (query, page) => {
    const found = await pages(engineOf(out), query);
    expect(found.slice(0, 3)).toContain(page);
  });

  it("without the table, the readers' words find little or nothing", async () => {
    expect(await pages(engineOf(out, false), 'k8s')).toEqual([]);
    expect((await pages(engineOf(out, false), 'vscode')).slice(0, 3)).not.toContain('/reference/ide-setup');
    expect((await pages(engineOf(out, false), 'docker compose')).slice(0, 3)).not.toContain('/extending/services');
  });

  it('a phrase applies only when its words come together and in order', async () => {
    const apart = await pages(engineOf(out), 'compose docker', 3);
    expect(apart).not.toContain('/extending/services');
  });

  it('is written for hosted engines beside records.json', () => {
    const algolia = JSON.parse(fs.readFileSync(path.join(out, 'search/synonyms-algolia.json'), 'utf8'));
    expect(algolia).toContainEqual({
      objectID: 'syn-k8s',
      type: 'oneWaySynonym',
      input: 'k8s',
      synonyms: ['Kubernetes'],
    });
    const typesense = JSON.parse(fs.readFileSync(path.join(out, 'search/synonyms-typesense.json'), 'utf8'));
    expect(typesense.items).toContainEqual({
      id: 'syn-docker-compose',
      root: 'docker compose',
      synonyms: ['services', 'service'],
    });
    const meili = JSON.parse(fs.readFileSync(path.join(out, 'search/synonyms-meilisearch.json'), 'utf8'));
    expect(meili['gh actions']).toEqual(['GitHub Actions']);
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'search/manifest.json'), 'utf8')) as SearchManifest;
    expect(manifest.synonyms).toContainEqual([
      ['gh', 'action'],
      ['github', 'action'],
    ]);
  });
});

describe('readSynonyms: a bad table fails the build at its line', () => {
  const dir = fs.mkdtempSync(path.join(path.dirname(tempOut()), 'synonyms-'));
  const read = (text: string) => {
    fs.writeFileSync(path.join(dir, 'syn.yml'), text);
    try {
      readSynonyms(dir, 'syn.yml');
    } catch (error) {
      return (error as BuildError).problems;
    }
    return [];
  };

  it('names the file and line of each bad rule', () => {
    expect(read('k8s: Kubernetes\nthe: [Kubernetes]\nvscode: 3\n')).toEqual([
      expect.objectContaining({ line: 2, message: expect.stringContaining('"the" has no searchable word') }),
      expect.objectContaining({ line: 3, message: '"vscode" must map to a word or a list of words' }),
    ]);
    expect(read('k8s: [Kubernetes\n')[0]).toMatchObject({
      line: expect.any(Number),
      message: expect.stringMatching(/^invalid YAML/),
    });
    expect(read('- k8s\n')[0]).toMatchObject({
      line: 1,
      message: 'the search synonyms must be a mapping of phrases to words',
    });
    expect(() => readSynonyms(dir, 'missing.yml')).toThrow(BuildError);
  });
});
