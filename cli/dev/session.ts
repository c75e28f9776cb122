import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompileCache } from '../../renderer/compile-cache.ts';
import type { SiteState } from '../../renderer/load-site.ts';
import { SiteMemory } from '../../renderer/site-memory.ts';
import { info } from '../log.ts';
import { LiveReload } from './live-reload.ts';

export interface DevOptions {
  port: number;
  host: string;
  root: string;
  contentDir?: string;
  debug?: boolean;
}

/**
 * The state of one `docs dev` run. The server, the rebuild on save and the live reload get it
 * passed in rather than sharing module variables, so what a save changes is all in one place
 * and nothing of it outlives the run.
 */
export class DevSession {
  readonly root: string;
  readonly contentDir: string;
  /** Where the client bundle is written; removed on exit. */
  readonly workDir: string;
  /** Compiled docs: from the last build's cache at start, then kept in memory (a save recompiles one doc). */
  readonly cache: CompileCache;
  /** The imported content code and parsed frontmatter, reused by the next load. */
  readonly memory = new SiteMemory();
  readonly liveReload = new LiveReload();
  /** Each load's phase timings, with --debug. */
  readonly log: ((line: string) => void) | undefined;
  /** The last site that loaded without problems: pages keep rendering from it while a save is broken. */
  site: SiteState | undefined;
  /** The last load's problems, until a load succeeds: every page that connects shows them. */
  error: string | undefined;
  /** Loads that succeeded; the first writes the compile cache back to disk, later saves stay in memory. */
  generation = 0;
  /** Hash of the doc sources the pages were last told about: a quiet second look that finds the same says nothing. */
  announced = '';

  constructor(opts: DevOptions) {
    this.root = opts.root;
    this.contentDir = opts.contentDir ?? path.join(opts.root, 'content');
    this.workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-dev-'));
    this.cache = CompileCache.open(this.contentDir, undefined, { memory: true });
    this.log = opts.debug ? info : undefined;
  }

  dispose(): void {
    fs.rmSync(this.workDir, { recursive: true, force: true });
  }
}
