import crypto from 'node:crypto';
import { BuildError } from '../../renderer/errors.ts';
import { loadSite, type SiteState } from '../../renderer/load-site.ts';
import { green, info, printError } from '../log.ts';
import { watchContent } from '../watch-content.ts';
import type { DevSession } from './session.ts';

const sourcesHash = (s: SiteState) => crypto.createHash('sha1').update(s.table.docs.map((d) => `${d.doc.relPath}\n${d.doc.source}`).join('\0')).digest('hex');

/**
 * Loads the site again and tells the open pages: 'update' when only the swapped region can
 * differ, 'reload' when the shell may have, 'error-report' with file:line when it failed.
 * `quiet`: a second look after a burst of saves; says nothing when nothing changed since the last report.
 */
export async function reloadSite(session: DevSession, quiet = false): Promise<void> {
  const started = performance.now();
  try {
    const previous = session.site;
    const site = await loadSite({ root: session.root, contentDir: session.contentDir, cache: session.cache, memory: session.memory, saveCache: session.generation === 0, log: session.log });
    session.site = site;
    session.generation++;
    const hadError = session.error !== undefined;
    session.error = undefined;
    // Same config and custom pages (the same objects: their code was not imported again) → only
    // the swapped region can differ.
    const sameShell = !hadError && previous !== undefined && previous.config === site.config && previous.pages.every((p, i) => p === site.pages[i]);
    const sources = sourcesHash(site);
    if (quiet && sameShell && sources === session.announced) return;
    session.announced = sources;
    info(`${green('✔')} ${site.parsed.length} docs ready in ${Math.round(performance.now() - started)} ms`);
    session.liveReload.send(sameShell ? 'update' : 'reload');
  } catch (error) {
    const message = error instanceof BuildError ? error.message : String((error as Error)?.message ?? error);
    if (quiet && message === session.error) return; // the same problems, already reported
    printError(error);
    session.error = message;
    session.liveReload.send('error-report', message);
  }
}

/**
 * `reload` once per burst of calls, never two at once: a call while one runs asks for one
 * more, quiet, look when it ends. `quiet` is passed on only when no loud call is waiting.
 */
function oncePerBurst(reload: (quiet: boolean) => Promise<void>): (quiet?: boolean) => void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let loud = false; // a watcher event is waiting (not only the quiet second look)
  const schedule = (quiet = false) => {
    if (!quiet) loud = true;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (running) {
        again = true;
        return;
      }
      const q = !loud;
      loud = false;
      running = reload(q);
      await running;
      running = undefined;
      if (again) {
        again = false;
        schedule(true);
      }
    }, 20);
  };
  return schedule;
}

/** Reloads the site on every burst of changes under the content folder (editors write several times per save). */
export function reloadOnChange(session: DevSession): { close(): void } {
  const schedule = oncePerBurst((quiet) => reloadSite(session, quiet));
  // The watcher may pass on one change per file per 50 ms and drop the others (no trailing
  // event): once a burst of saves has been quiet for longer than that, look again.
  let settle: NodeJS.Timeout | undefined;
  const watcher = watchContent(session.contentDir, () => {
    schedule();
    clearTimeout(settle);
    settle = setTimeout(() => schedule(true), 80);
  });
  return {
    close() {
      clearTimeout(settle);
      watcher.close();
    },
  };
}
