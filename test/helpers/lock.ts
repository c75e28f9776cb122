import fs from 'node:fs';
import path from 'node:path';

/**
 * Runs `fn` holding `lock`, a file naming the holder's pid: test files run in parallel processes,
 * and some share work that one of them should do while the others wait (real-site.ts). A lock
 * left by a process that is gone, or older than any hold (a pid can be reused after the machine
 * restarts), is taken over.
 */
export async function whileLocked<T>(lock: string, fn: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  while (!tryLock(lock)) await new Promise((resolve) => setTimeout(resolve, 200));
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

function tryLock(lock: string): boolean {
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let holder: { pid: number; age: number };
  try {
    holder = { pid: Number(fs.readFileSync(lock, 'utf8')), age: Date.now() - fs.statSync(lock).mtimeMs };
  } catch {
    return false; // released meanwhile: try again
  }
  // An empty file is being written by its holder (or was left by one killed at that moment).
  const stale = holder.age > 10 * 60_000 || (holder.pid > 0 && !isRunning(holder.pid));
  if (stale) fs.rmSync(lock, { force: true });
  return false;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
