import { execFileSync } from 'node:child_process';
import { loadAll } from 'js-yaml';
import type { CodeBlock } from './code-blocks.ts';

/**
 * YAML, JSON and TOML examples (CI configurations, Kubernetes manifests, config files) must parse,
 * as Go or Python ones must (code-blocks-parse.test.ts): a reader pastes them whole. A file
 * embedded in a YAML block under a key named like one (`config.toml: |`, a Secret's or a
 * ConfigMap's data) is parsed as that file too. `no-check` in the fence meta skips a sketch.
 */
export interface DataProblem {
  where: string;
  message: string;
}

const YAML = new Set(['yaml', 'yml']);
const JSON_LANGS = new Set(['json']);
const TOML = new Set(['toml']);

/** `{{version}}` is replaced by the build before the reader sees it. */
const asShown = (code: string) => code.replaceAll('{{version}}', '0.0.0');

/** Every string under a key ending in .toml or .json, at any depth of a parsed YAML document. */
function embeddedFiles(value: unknown, found: { key: string; text: string }[] = []): { key: string; text: string }[] {
  if (Array.isArray(value)) for (const v of value) embeddedFiles(v, found);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (typeof v === 'string' && /\.(toml|json)$/.test(key)) found.push({ key, text: v });
      else embeddedFiles(v, found);
    }
  }
  return found;
}

/** Parses TOML texts with Python's tomllib (3.11+), one process for all; `null` for each that parses. */
function tomlErrors(texts: string[]): (string | null)[] {
  if (texts.length === 0) return [];
  const script =
    'import json, sys, tomllib\nout = []\nfor t in json.load(sys.stdin):\n    try:\n        tomllib.loads(t); out.append(None)\n    except tomllib.TOMLDecodeError as e:\n        out.append(str(e))\nprint(json.dumps(out))';
  return JSON.parse(execFileSync('python3', ['-c', script], { input: JSON.stringify(texts), encoding: 'utf8' }));
}

export function dataBlockProblems(blocks: CodeBlock[]): { checked: number; problems: DataProblem[] } {
  const problems: DataProblem[] = [];
  const toml: { where: string; text: string }[] = [];
  let checked = 0;
  for (const block of blocks) {
    if (/\bno-check\b/.test(block.meta)) continue;
    const where = `${block.file}:${block.line}`;
    const code = asShown(block.code);
    if (YAML.has(block.lang)) {
      checked++;
      try {
        for (const doc of loadAll(code)) {
          for (const file of embeddedFiles(doc)) {
            if (file.key.endsWith('.toml')) toml.push({ where: `${where} (${file.key})`, text: file.text });
            else {
              try {
                JSON.parse(file.text);
              } catch (error) {
                problems.push({ where: `${where} (${file.key})`, message: (error as Error).message });
              }
            }
          }
        }
      } catch (error) {
        const e = error as Error & { mark?: { line: number } };
        problems.push({
          where: e.mark ? `${block.file}:${block.line + e.mark.line}` : where,
          message: e.message.split('\n')[0],
        });
      }
    } else if (JSON_LANGS.has(block.lang)) {
      checked++;
      try {
        JSON.parse(code);
      } catch (error) {
        problems.push({ where, message: (error as Error).message });
      }
    } else if (TOML.has(block.lang)) {
      checked++;
      toml.push({ where, text: code });
    }
  }
  tomlErrors(toml.map((t) => t.text)).forEach((message, i) => {
    if (message) problems.push({ where: toml[i].where, message });
  });
  return { checked, problems };
}
