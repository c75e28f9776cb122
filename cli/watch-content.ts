import fs from 'node:fs';
import chokidar from 'chokidar';

/**
 * Calls `onChange` when anything under `dir` changes. chokidar watches every file on its own,
 * which on macOS costs a file descriptor each (kqueue): a site of a few hundred pages would hit
 * a terminal's default limit of 256. There one recursive `fs.watch` (FSEvents) does it with a
 * single handle; on Linux chokidar's inotify watches cost no descriptors and it smooths out
 * editors' save patterns.
 */
export function watchContent(dir: string, onChange: () => void, options: { recursive?: boolean } = {}): { close(): void } {
  if (options.recursive ?? (process.platform === 'darwin' || process.platform === 'win32')) {
    const watcher = fs.watch(dir, { recursive: true }, onChange);
    return { close: () => watcher.close() };
  }
  const watcher = chokidar.watch(dir, { ignoreInitial: true }).on('all', onChange);
  return { close: () => void watcher.close() };
}
