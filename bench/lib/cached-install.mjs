// Installs of the peers the bench compares against (Docusaurus, Starlight) and of the Node they
// need, kept in a cache folder outside the repository: none of them may become a dependency of
// this project, and reinstalling them on every run would cost minutes.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childEnv, step } from './util.mjs';

/** The folder that holds every cached install: DOCS_BENCH_CACHE, or ~/.cache/docs-bench. */
export const cacheRoot = () => process.env.DOCS_BENCH_CACHE ?? path.join(os.homedir(), '.cache', 'docs-bench');

/**
 * Runs `install(dir)` in an emptied `dir` unless `marker` (a path inside `dir`) exists and the
 * stamp written after the last install matches `key` (strings or buffers hashed in order), so an
 * install that broke half-way is redone rather than trusted. Returns `dir`.
 */
export function cachedInstall({ dir, what, key, marker, install }) {
  const hash = crypto.createHash('sha256');
  for (const k of key) hash.update(k);
  const stamp = hash.digest('hex');
  const stampFile = path.join(dir, '.bench-stamp');
  if (fs.existsSync(path.join(dir, marker)) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp)
    return dir;
  step(`installing ${what} into ${dir} (once; cached for later runs)`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  install(dir);
  if (!fs.existsSync(path.join(dir, marker)))
    throw new Error(`bench: the install of ${what} left no ${marker} in ${dir}`);
  fs.writeFileSync(stampFile, stamp);
  return dir;
}

export function npmInstall(dir, args, what, env = childEnv()) {
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...args], {
    cwd: dir,
    stdio: 'inherit',
    env,
  });
  if (r.status !== 0) throw new Error(`bench: npm install of ${what} failed in ${dir}`);
}
