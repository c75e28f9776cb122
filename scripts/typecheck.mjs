#!/usr/bin/env node
// `npm run typecheck`: each side of the code against its own tsconfig (README, "Layout"). The
// test side takes as long as the three others together, so it runs beside them: two compilers
// at a time, one per core of a 2-core machine, instead of four in a row.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const lanes = [['test/tsconfig.json'], ['tsconfig.json', 'theme/shared/tsconfig.json', 'theme/tsconfig.json']];

/** Runs `tsc -p project`; resolves with its exit code and everything it printed. */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code) => resolve({ project, code, output }));
  });
}

const results = (
  await Promise.all(
    lanes.map(async (lane) => {
      const done = [];
      for (const project of lane) done.push(await check(project));
      return done;
    }),
  )
).flat();
let failed = 0;
for (const r of results) {
  if (r.code === 0) continue;
  failed++;
  process.stderr.write(`tsc -p ${r.project}:\n${r.output}\n`);
}
process.exitCode = failed ? 1 : 0;
