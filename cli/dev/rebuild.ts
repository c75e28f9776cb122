import { BuildError } from '../../renderer/errors.ts';
import { green, info, printError } from '../log.ts';
import { watchContent } from '../watch-content.ts';
import type { DevSession } from './session.ts';

/**
 * Looks at the changed `paths` (the whole site when undefined) and tells the open pages:
 * 'update' when only the swapped region can differ, 'reload' when the shell may have,
 * 'error-report' with file:line when the site has problems.
 * `quiet`: a second look after a burst of saves; says nothing when nothing changed since the last report.
 */
export async function reloadSite(session: DevSession, quiet = false, paths?: string[]): Promise<void> {
  const started = performance.now();
  try {
    const update = await session.devSite.update(paths);
    session.lastUpdate = update;
    if (update.kind === 'none' && (quiet || !update.error)) return;
    // What the pages do not show yet, until a look without problems can show it.
    session.unshown.shell ||= update.shellChanged;
    session.unshown.sidebars ||= update.kind !== 'docs';
    if (update.error) return report(session, update.error, quiet);
    session.error = undefined;
    const compiled = update.compiled.length
      ? `, compiled ${update.compiled.length > 3 ? `${update.compiled.length} docs` : update.compiled.join(', ')}`
      : '';
    info(
      `${green('✔')} ${session.site!.parsed.length} docs ready in ${Math.round(performance.now() - started)} ms (${update.kind}${compiled})`,
    );
    // 'content': only docs' contents changed; the pages keep their sidebars (theme/client/live-reload.ts).
    if (session.unshown.shell) session.liveReload.send('reload');
    else session.liveReload.send('update', session.unshown.sidebars ? '' : 'content');
    session.unshown = { shell: false, sidebars: false };
  } catch (error) {
    report(session, error, quiet);
  }
}

function report(session: DevSession, error: unknown, quiet: boolean): void {
  const message = error instanceof BuildError ? error.message : String((error as Error)?.message ?? error);
  if (quiet && message === session.error) return; // the same problems, already reported
  printError(error);
  session.error = message;
  session.liveReload.send('error-report', message);
}

/** How long after a change event the look starts: editors' writes of one save arrive within it. */
const DEBOUNCE_MS = 5;
/**
 * chokidar passes on one change per file per 50 ms and drops the others (no trailing event):
 * once a burst of saves has been quiet for longer than that, its files are looked at again.
 */
const SETTLE_MS = 80;

/**
 * `look` once per burst of changes, never two at once: a change while one runs asks for one
 * more when it ends. A loud look gets the paths changed since the last look began (undefined:
 * unknown, look at everything); the quiet second look gets every path of the burst.
 */
export function oncePerBurst(look: (quiet: boolean, paths: string[] | undefined) => Promise<void>): {
  changed(file: string | undefined): void;
  settle(): void;
} {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  let loud = false; // a change is waiting (not only the quiet second look)
  let unknown = false;
  const pending = new Set<string>();
  const burst = new Set<string>();
  const start = () => {
    clearTimeout(timer);
    timer = setTimeout(run, DEBOUNCE_MS);
  };
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    const quiet = !loud;
    const paths = unknown ? undefined : [...(quiet ? burst : pending)];
    loud = unknown = false;
    pending.clear();
    if (quiet) burst.clear();
    running = true;
    try {
      await look(quiet, paths);
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      start();
    }
  };
  return {
    changed(file) {
      loud = true;
      if (file === undefined) unknown = true;
      else {
        pending.add(file);
        burst.add(file);
      }
      start();
    },
    settle: start,
  };
}

/** Looks at what changed on every burst of changes under the content folder (editors write several times per save). */
export function reloadOnChange(session: DevSession): { close(): void } {
  const burst = oncePerBurst((quiet, paths) => reloadSite(session, quiet, paths));
  let settle: NodeJS.Timeout | undefined;
  const watcher = watchContent(session.contentDir, (file) => {
    burst.changed(file);
    clearTimeout(settle);
    settle = setTimeout(() => burst.settle(), SETTLE_MS);
  });
  return {
    close() {
      clearTimeout(settle);
      watcher.close();
    },
  };
}
