// The real site as a newcomer gets it: `git clone`, `npm ci`, then `npm start` (build + serve)
// timed until the home page answers. Run twice from the same clone's install: with the machine's
// shared caches as they are (a second clone on this machine), and with them off and the clone's
// own caches deleted (a new machine: TypeDoc runs).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { childEnv, discard, freePort, sleep, timed } from './util.mjs';

async function firstPageServed(dir, env, logFile, timeoutMs = 300_000) {
  const port = await freePort();
  const log = fs.openSync(logFile, 'w');
  const started = performance.now();
  // Its own process group, so the serve started by npm goes with it.
  const child = spawn('npm', ['start', '--', '--port', String(port)], {
    cwd: dir,
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  let exited = null;
  child.on('exit', (code) => (exited = code));
  try {
    while (performance.now() - started < timeoutMs) {
      if (exited !== null) throw new Error(`npm start exited with ${exited} before serving (log: ${logFile})`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`npm start served nothing within ${timeoutMs / 1000} s (log: ${logFile})`);
  } finally {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    fs.closeSync(log);
  }
}

/** { install: {ms, cpuS…}, start: ms (machine cache as it is), startNewMachine: ms } */
export async function freshClone({ root, tmp, logs }) {
  const dir = path.join(tmp, 'fresh-clone');
  execFileSync('git', ['clone', '-q', root, dir]);
  const install = await timed('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: dir,
    env: childEnv(),
    logFile: path.join(logs, 'fresh-npm-ci.log'),
  });
  const start = await firstPageServed(dir, childEnv(), path.join(logs, 'fresh-start.log'));
  for (const f of ['dist', 'node_modules/.cache']) discard(path.join(dir, f));
  const startNewMachine = await firstPageServed(
    dir,
    childEnv({ DOCS_CACHE_HOME: 'off' }),
    path.join(logs, 'fresh-start-new-machine.log'),
  );
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
  discard(dir);
  return { commit, install, startMs: start, startNewMachineMs: startNewMachine };
}
