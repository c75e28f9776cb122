/**
 * The swap of a build's output (renderer/output.ts) when its commit moves folders of the previous
 * output into the new one (renderer/output-memo.ts `place`): all or none when a move fails, and
 * put back by the next build when the process died in the middle (its journal).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BuildError } from '../../renderer/errors.ts';
import { prepareOutput, restoreInterruptedSwap } from '../../renderer/output.ts';

/** Every file under `dir` → its text. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile())
      out[path.relative(dir, path.join(e.parentPath, e.name))] = fs.readFileSync(
        path.join(e.parentPath, e.name),
        'utf8',
      );
  return out;
}

function write(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
}

const PREVIOUS = {
  'index.html': 'home v1',
  'a/index.html': 'a v1',
  'a/deep/index.html': 'a/deep v1',
  'b/index.html': 'b v1',
  'c/index.html': 'c v1',
};

/** A previous output in a fresh parent folder. */
function previousOutput(): { parent: string; out: string } {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-swap-'));
  const out = path.join(parent, 'dist');
  write(out, PREVIOUS);
  return { parent, out };
}

/** A pid that is certainly not running: a process that already exited. */
function deadPid(): number {
  return Number(
    spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout,
  );
}

/** Repairing a dead build's swap gives the previous output back; the next build takes the folder over and removes what the dead one left. */
function expectPreviousBack(parent: string, out: string): void {
  restoreInterruptedSwap(out);
  expect(tree(out)).toEqual(PREVIOUS);
  prepareOutput(out).abort();
  expect(fs.readdirSync(parent)).toEqual(['dist']);
}

/** What a build that died during its commit leaves: its temp folder, the journal, some folders moved. */
function diedWhileMoving(parent: string, out: string, moved: string[], listed: string[]) {
  const temp = path.join(parent, `.dist-${deadPid()}-${Date.now()}`);
  write(temp, { 'index.html': 'home v2' });
  fs.writeFileSync(`${temp}.moves`, JSON.stringify(listed));
  for (const rel of moved) fs.renameSync(path.join(out, rel), path.join(temp, rel));
  return temp;
}

describe('the output swap moving folders of the previous output', () => {
  it('moves the folders named into the new output and swaps it in', () => {
    const { parent, out } = previousOutput();
    const output = prepareOutput(out);
    write(output.dir, { 'index.html': 'home v2', 'b/index.html': 'b v2' });
    output.commit(['a']);
    expect(tree(out)).toEqual({
      'index.html': 'home v2',
      'a/index.html': 'a v1',
      'a/deep/index.html': 'a/deep v1',
      'b/index.html': 'b v2',
    });
    expect(fs.readdirSync(parent).filter((n) => n.endsWith('.moves') || n.endsWith('.lock'))).toEqual([]);
  });

  it('a move that fails puts the moved ones back: the previous output is whole, the build fails', () => {
    const { parent, out } = previousOutput();
    const output = prepareOutput(out);
    // `b` cannot move: the new output has a folder of that name with a file in it.
    write(output.dir, { 'index.html': 'home v2', 'b/other.html': 'in the way' });
    expect(() => output.commit(['a', 'c', 'b'])).toThrow(BuildError);
    output.abort();
    expect(tree(out)).toEqual(PREVIOUS);
    expect(fs.readdirSync(parent)).toEqual(['dist']);
  });

  it('killed in the middle of the moves: the next build puts the moved folders back first', () => {
    const { parent, out } = previousOutput();
    diedWhileMoving(parent, out, ['a'], ['a', 'c']);
    expect(tree(out)).not.toEqual(PREVIOUS);
    expectPreviousBack(parent, out);
  });

  it('killed after the moves and the first rename of the swap: the previous output comes back whole', () => {
    const { parent, out } = previousOutput();
    const temp = diedWhileMoving(parent, out, ['a', 'c'], ['a', 'c']);
    fs.renameSync(out, `${temp}-old`);
    expectPreviousBack(parent, out);
  });

  it('killed after the swap, before the journal was removed: the new output stays', () => {
    const { parent, out } = previousOutput();
    const temp = diedWhileMoving(parent, out, ['a'], ['a']);
    fs.renameSync(out, `${temp}-old`);
    fs.renameSync(temp, out);
    const swapped = tree(out);
    restoreInterruptedSwap(out);
    expect(tree(out)).toEqual(swapped);
    expect(swapped['a/index.html']).toBe('a v1');
    expect(fs.readdirSync(parent).filter((n) => n.endsWith('.moves'))).toEqual([]);
  });

  it('a journal cut short while it was written: nothing had moved, nothing is touched', () => {
    const { parent, out } = previousOutput();
    const temp = diedWhileMoving(parent, out, [], []);
    fs.writeFileSync(`${temp}.moves`, '["a", "');
    restoreInterruptedSwap(out);
    expect(tree(out)).toEqual(PREVIOUS);
    expect(fs.readdirSync(parent).filter((n) => n.endsWith('.moves'))).toEqual([]);
  });
});
