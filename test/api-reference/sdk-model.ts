import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { JSONOutput } from 'typedoc';
import { projectToJson } from '../../content/plugins/typescript-api/typedoc-json.ts';
import { whileLocked } from '../helpers/lock.ts';
import { ROOT, TEST_CACHE_DIR } from '../helpers/site.ts';

const PACKAGE = '@dagger.io/dagger';
const PACKAGE_DIR = path.join(ROOT, 'node_modules', PACKAGE);

/**
 * TypeDoc's JSON model of the installed SDK (projectToJson), for the tests that prune or render
 * it with settings of their own. A conversion costs ~6 CPU-seconds, so it is kept in
 * TEST_CACHE_DIR under a hash of everything it depends on (typedoc-json.ts says: the package,
 * TypeDoc and TypeScript), plus the converting code itself; one process converts while the
 * others wait. Each call returns a fresh copy.
 */
export function sdkModel(): Promise<JSONOutput.ProjectReflection> {
  const file = path.join(TEST_CACHE_DIR, `sdk-model-${modelKey()}.json`);
  return whileLocked(`${file}.lock`, () => readOrConvert(file));
}

async function readOrConvert(file: string): Promise<JSONOutput.ProjectReflection> {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // Not converted yet (or a file cut short): convert and keep it.
  }
  const project = await projectToJson(PACKAGE, PACKAGE_DIR);
  fs.mkdirSync(TEST_CACHE_DIR, { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(project));
  fs.renameSync(temp, file);
  return project;
}

function modelKey(): string {
  const hash = createHash('sha256');
  for (const manifest of [
    path.join(PACKAGE_DIR, 'package.json'),
    ...['typedoc', 'typescript'].map((p) => path.join(ROOT, 'node_modules', p, 'package.json')),
  ]) {
    hash.update(JSON.parse(fs.readFileSync(manifest, 'utf8')).version + '\n');
  }
  hash.update(fs.readFileSync(path.join(ROOT, 'content/plugins/typescript-api/typedoc-json.ts')));
  return hash.digest('hex').slice(0, 16);
}
