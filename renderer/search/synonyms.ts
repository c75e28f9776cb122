import fs from 'node:fs';
import path from 'node:path';
import { load as loadYaml } from 'js-yaml';
import { BuildError, type Problem } from '../errors.ts';
import { queryWords } from '../../theme/shared/search/engine.ts';
import type { Synonym } from '../../theme/shared/search/synonyms.ts';

/** A rule of the site's table as written: a phrase readers use → what the docs call it. */
export interface SynonymRule {
  phrase: string;
  means: string[];
}

/** The line of a key in the table, so a bad rule can be pointed at. */
function lineOf(lines: string[], key: string): number | undefined {
  const i = lines.findIndex(
    (l) =>
      l.trimStart().startsWith(`${key}:`) ||
      l.trimStart().startsWith(`'${key}':`) ||
      l.trimStart().startsWith(`"${key}":`),
  );
  return i >= 0 ? i + 1 : undefined;
}

/**
 * Reads the site's synonyms table (`search.synonyms` in site.config.ts, a YAML file relative to
 * content/): a mapping from a phrase readers type to the docs' word or words for it, one or a
 * list (`k8s: Kubernetes`, `docker compose: [services, service]`). Rules are one-way: searching
 * "Kubernetes" does not look for "k8s". Every problem fails the build, with its line.
 */
export function readSynonyms(contentDir: string, rel: string | undefined): SynonymRule[] {
  if (!rel) return [];
  const file = path.join(contentDir, rel);
  const shown = path.relative(process.cwd(), file) || file;
  if (!fs.existsSync(file))
    throw new BuildError([
      {
        file: shown,
        message: 'the search synonyms file (search.synonyms in site.config.ts) does not exist',
        hint: 'Create it, or remove the setting.',
      },
    ]);
  const text = fs.readFileSync(file, 'utf8');
  let data: unknown;
  try {
    data = loadYaml(text);
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    throw new BuildError([
      {
        file: shown,
        line: mark ? mark.line + 1 : undefined,
        column: mark ? mark.column + 1 : undefined,
        message: `invalid YAML: ${(error as Error).message.split('\n')[0]}`,
        hint: 'Write one `phrase: word` or `phrase: [word, word]` per line.',
      },
    ]);
  }
  if (data === undefined || data === null) return [];
  if (typeof data !== 'object' || Array.isArray(data))
    throw new BuildError([
      {
        file: shown,
        line: 1,
        message: 'the search synonyms must be a mapping of phrases to words',
        hint: 'Write one `phrase: word` or `phrase: [word, word]` per line.',
      },
    ]);
  const lines = text.split('\n');
  const problems: Problem[] = [];
  const rules: SynonymRule[] = [];
  for (const [phrase, value] of Object.entries(data)) {
    const means =
      typeof value === 'string'
        ? [value]
        : Array.isArray(value) && value.length && value.every((v) => typeof v === 'string')
          ? (value as string[])
          : undefined;
    const at = { file: shown, line: lineOf(lines, phrase) };
    if (!means)
      problems.push({
        ...at,
        message: `"${phrase}" must map to a word or a list of words`,
        hint: 'As in `k8s: Kubernetes` or `docker compose: [services, service]`.',
      });
    else if (!queryWords(phrase).length)
      problems.push({
        ...at,
        message: `"${phrase}" has no searchable word (only stop words or punctuation)`,
        hint: 'Use the words readers type.',
      });
    else if (means.some((m) => !queryWords(m).length))
      problems.push({
        ...at,
        message: `"${phrase}" maps to a phrase with no searchable word`,
        hint: 'Use words that appear in the docs.',
      });
    else rules.push({ phrase, means });
  }
  if (problems.length) throw new BuildError(problems);
  return rules;
}

/** The rules as the embedded engine applies them: normalised like queries (theme/shared/search/synonyms.ts). */
export function manifestSynonyms(rules: SynonymRule[]): Synonym[] {
  return rules.map((r) => [queryWords(r.phrase), [...new Set(r.means.flatMap(queryWords))]]);
}

/**
 * The same rules for hosted engines, next to records.json: Algolia's one-way synonyms
 * (`saveSynonyms`), Typesense's synonym items (`root` → `synonyms`) and Meilisearch's `synonyms`
 * setting (a phrase → its words).
 */
export function hostedSynonymFiles(rules: SynonymRule[]): Map<string, string> {
  const id = (phrase: string) =>
    `syn-${phrase
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}`;
  return new Map([
    [
      'search/synonyms-algolia.json',
      JSON.stringify(
        rules.map((r) => ({ objectID: id(r.phrase), type: 'oneWaySynonym', input: r.phrase, synonyms: r.means })),
        null,
        2,
      ),
    ],
    [
      'search/synonyms-typesense.json',
      JSON.stringify({ items: rules.map((r) => ({ id: id(r.phrase), root: r.phrase, synonyms: r.means })) }, null, 2),
    ],
    [
      'search/synonyms-meilisearch.json',
      JSON.stringify(Object.fromEntries(rules.map((r) => [r.phrase, r.means])), null, 2),
    ],
  ]);
}
