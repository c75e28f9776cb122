/**
 * Two threads taking items from the two ends of one queue until they meet, through shared
 * memory: [lock, front, back]. A claim holds the lock for a few instructions (one per doc), so
 * the other side never waits long.
 */
export function claimQueue(length: number): Int32Array {
  const state = new Int32Array(new SharedArrayBuffer(12));
  state[2] = length - 1;
  return state;
}

/** The next index from `end` of the queue, or -1 once every item has been claimed. */
export function claim(state: Int32Array, end: 'front' | 'back'): number {
  while (Atomics.compareExchange(state, 0, 0, 1) !== 0);
  try {
    const front = state[1];
    const back = state[2];
    if (front > back) return -1;
    if (end === 'front') state[1] = front + 1;
    else state[2] = back - 1;
    return end === 'front' ? front : back;
  } finally {
    Atomics.store(state, 0, 0);
  }
}
