import fs from 'node:fs';
import path from 'node:path';
import { BuildError } from './errors.ts';

/**
 * Output is written to a fresh sibling folder and swapped in at the end, so a failed or killed
 * build leaves the previous output whole. A lock file refuses a second concurrent build.
 */
export function prepareOutput(outDir: string) {
  const parent = path.dirname(path.resolve(outDir));
  const base = path.basename(outDir);
  fs.mkdirSync(parent, { recursive: true });
  const lock = path.join(parent, `.${base}.lock`);
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch (error: any) {
    if (error.code !== 'EEXIST') throw writeError(parent, error);
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    if (pid && isAlive(pid)) {
      throw new BuildError([{ file: outDir, message: `another build (pid ${pid}) is writing this folder`, hint: `Wait for it to finish, or delete ${lock} if it is stale.` }]);
    }
    fs.writeFileSync(lock, String(process.pid));
  }
  const temp = path.join(parent, `.${base}-${process.pid}-${Date.now()}`);
  try {
    fs.mkdirSync(temp);
  } catch (error) {
    fs.rmSync(lock, { force: true });
    throw writeError(parent, error);
  }
  // Leftovers of killed builds are removed so they never pile up.
  for (const name of fs.readdirSync(parent)) {
    if (name.startsWith(`.${base}-`) && path.join(parent, name) !== temp) {
      const pid = Number(name.split('-')[1]);
      if (!isAlive(pid)) fs.rmSync(path.join(parent, name), { recursive: true, force: true });
    }
  }
  return {
    dir: temp,
    commit() {
      const old = `${temp}-old`;
      if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
      fs.renameSync(temp, outDir);
      fs.rmSync(old, { recursive: true, force: true });
      fs.rmSync(lock, { force: true });
    },
    abort() {
      fs.rmSync(temp, { recursive: true, force: true });
      fs.rmSync(lock, { force: true });
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function writeError(dir: string, error: any): BuildError {
  return new BuildError([{ file: dir, message: `cannot write the output folder: ${error?.code ?? ''} ${error?.message ?? error}`.trim(), hint: 'Check that the folder is writable, or choose another with --out.' }]);
}

/** Writes a file, creating its folder. */
export function writeFile(file: string, content: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}
