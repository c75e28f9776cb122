import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { claim, claimQueue } from '../../renderer/claim-queue.ts';

describe('renderer/claim-queue: two threads taking a queue from both ends', () => {
  it('hands out every index once, the front from 0 up, the back from the end down, until they meet', () => {
    const q = claimQueue(5);
    expect([
      claim(q, 'front'),
      claim(q, 'back'),
      claim(q, 'back'),
      claim(q, 'front'),
      claim(q, 'front'),
      claim(q, 'front'),
      claim(q, 'back'),
    ]).toEqual([0, 4, 3, 1, 2, -1, -1]);
    expect(claim(claimQueue(0), 'front')).toBe(-1);
  });

  it('gives each index to exactly one of two racing threads', async () => {
    const n = 200_000;
    const q = claimQueue(n);
    // The other thread claims from the back as fast as it can, with its own copy of claim().
    const source = `const { parentPort, workerData } = require('node:worker_threads');
      ${claim.toString().replace(/^export /, '')}
      const got = []; for (let i; (i = claim(workerData, 'back')) >= 0; ) got.push(i);
      parentPort.postMessage(got);`;
    const worker = new Worker(source, { eval: true, workerData: q });
    const mine: number[] = [];
    while (Atomics.load(q, 2) === n - 1); // start once the other thread has begun
    for (let i; (i = claim(q, 'front')) >= 0; ) mine.push(i);
    const theirs: number[] = await new Promise((resolve, reject) =>
      worker.once('message', resolve).once('error', reject),
    );
    await worker.terminate();
    const all = [...mine, ...theirs].sort((a, b) => a - b);
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    expect(all.length).toBe(n);
    expect(all.every((v, i) => v === i)).toBe(true);
    expect(mine.every((v, i) => i === 0 || v > mine[i - 1])).toBe(true);
  });
});
