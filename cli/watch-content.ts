import fs from 'node:fs';
import path from 'node:path';
import chokidar from 'chokidar';

/**
 * Calls `onChange` with the absolute path of whatever changed under `dir` (undefined when the
 * system does not say). chokidar watches every file on its own, which on macOS costs a file
 * descriptor each (kqueue): a site of a few hundred pages would hit a terminal's default limit
 * of 256. There one recursive `fs.watch` (FSEvents) does it with a single handle; on Linux
 * chokidar's inotify watches cost no descriptors and it smooths out editors' save patterns.
 * Neither polls nor waits for writes to finish: `docs dev` looks again once a burst is over.
 */
export function watchContent(
  dir: string,
  onChange: (file: string | undefined) => void,
  options: { recursive?: boolean } = {},
): { ready: Promise<void>; close(): void } {
  const root = path.resolve(dir);
  if (options.recursive ?? (process.platform === 'darwin' || process.platform === 'win32')) {
    const watcher = fs.watch(root, { recursive: true }, (_event, name) =>
      onChange(name ? path.join(root, name.toString()) : undefined),
    );
    return { ready: Promise.resolve(), close: () => watcher.close() };
  }
  const watcher = chokidar
    .watch(root, { ignoreInitial: true })
    .on('all', (_event, file) => onChange(path.resolve(root, file)));
  // chokidar reports only what changes after its first scan of the folder, which a busy machine
  // can take a while to finish.
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  return { ready, close: () => void watcher.close() };
}
