import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompileCache } from '../../renderer/compile-cache.ts';
import type { SiteState } from '../../renderer/load-site.ts';
import { SiteMemory } from '../../renderer/site-memory.ts';
import { info } from '../log.ts';
import { DevSite, type SiteUpdate } from './dev-site.ts';
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
  /** Compiled docs of the last build, read at start; each doc compiled since is written back. */
  readonly cache: CompileCache;
  /** The imported content code and parsed frontmatter, reused by the next read of the site. */
  readonly memory = new SiteMemory();
  /** The site as last read, with what a save needs to update only what it affects. */
  readonly devSite: DevSite;
  readonly liveReload = new LiveReload();
  /** Each look's phase timings, with --debug. */
  readonly log: ((line: string) => void) | undefined;
  /** The last look's problems, until a look finds none: every page that connects shows them. */
  error: string | undefined;
  /** What the last look at the content did (which docs it compiled, …). */
  lastUpdate: SiteUpdate | undefined;
  /**
   * What changed since the pages were last told, kept while looks find problems: a change of
   * the shell reloads them, one of the sidebars or routes swaps their whole region.
   */
  unshown = { shell: false, sidebars: false };

  constructor(opts: DevOptions) {
    this.root = opts.root;
    this.contentDir = opts.contentDir ?? path.join(opts.root, 'content');
    this.workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-dev-'));
    this.cache = CompileCache.open(this.contentDir, undefined, { memory: true });
    this.log = opts.debug ? info : undefined;
    this.devSite = new DevSite({
      root: this.root,
      contentDir: this.contentDir,
      cache: this.cache,
      memory: this.memory,
      log: this.log,
    });
  }

  /** The last site read without problems: pages keep rendering from it while a save is broken. */
  get site(): SiteState | undefined {
    return this.devSite.state;
  }

  dispose(): void {
    fs.rmSync(this.workDir, { recursive: true, force: true });
  }
}
