import { describe, expect, it } from 'vitest';
import { runTimeLimited } from '../../renderer/markdown/pipeline.ts';

describe('runTimeLimited: docs under one watchdog', () => {
  it('reports the doc that ran too long, and compiles every other one', () => {
    const done: number[] = [];
    const stopped: number[] = [];
    runTimeLimited(
      4,
      (i) => {
        if (i === 1) for (;;); // a runaway doc
        done.push(i);
      },
      (i) => stopped.push(i),
      200,
    );
    expect(stopped).toEqual([1]);
    expect(done).toEqual([0, 2, 3]);
  }, 30_000);
});
