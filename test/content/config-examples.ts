import { load as loadYaml } from 'js-yaml';
import { parseCodeMeta } from '../../renderer/markdown/code-meta.ts';
import { collectCodeBlocks, type CodeBlock } from './code-blocks.ts';

/** The configuration files that have a schema in content/static/reference. */
export type ConfigFile = 'dagger.json' | 'engine.json';

/** One example of a configuration file shown in the docs, parsed. */
export interface ConfigExample {
  file: ConfigFile;
  /** `title="dagger.json (excerpt)"`: a deliberately partial file, so required keys may be missing. */
  excerpt: boolean;
  where: string;
  value?: unknown;
  parseError?: string;
}

const TITLE = /^(dagger\.json|engine\.json)( \(excerpt\))?$/;

/** Top-level keys that give away an untitled block as one of those files. */
export const TELLTALE_KEYS = ['engineVersion', 'sdk', 'blueprint', 'logLevel', 'gc', 'security'];

function parse(block: CodeBlock, file: ConfigFile, excerpt: boolean, text = block.code): ConfigExample {
  const where = `${block.file}:${block.line}`;
  try {
    return { file, excerpt, where, value: JSON.parse(text) };
  } catch (error) {
    return { file, excerpt, where, parseError: (error as Error).message };
  }
}

/**
 * The rule for finding examples: a ```json block titled `dagger.json` or `engine.json` (with
 * " (excerpt)" for a partial file), and the `engine.configJson` string of a ```yaml block titled
 * `values.yaml` (the Helm chart's engine.json).
 */
export function configExamples(root: string): ConfigExample[] {
  const examples: ConfigExample[] = [];
  for (const block of collectCodeBlocks(root)) {
    const title = parseCodeMeta(block.meta).title ?? '';
    const match = TITLE.exec(title);
    if (block.lang === 'json' && match) examples.push(parse(block, match[1] as ConfigFile, Boolean(match[2])));
    if (block.lang === 'yaml' && title === 'values.yaml') {
      const configJson = (loadYaml(block.code) as { engine?: { configJson?: unknown } } | null)?.engine?.configJson;
      if (typeof configJson === 'string') examples.push(parse(block, 'engine.json', false, configJson));
    }
  }
  return examples;
}

/** ```json blocks without a title that still look like dagger.json or engine.json: the rule above would miss them. */
export function untitledConfigLookalikes(root: string): string[] {
  return collectCodeBlocks(root)
    .filter((b) => b.lang === 'json' && !parseCodeMeta(b.meta).title)
    .filter((b) => {
      try {
        const value: unknown = JSON.parse(b.code);
        return typeof value === 'object' && value !== null && Object.keys(value).some((k) => TELLTALE_KEYS.includes(k));
      } catch {
        return false;
      }
    })
    .map((b) => `${b.file}:${b.line}`);
}
