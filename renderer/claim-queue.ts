/**
 * Two threads taking items from the two ends of one queue until they meet, through shared
 * memory: [lock, front, back, current]. A claim holds the lock for a few instructions (one per
 * doc), so the other side never waits long. `current` is the item the back end's thread is
 * working on (-1: none), written as it starts each: if that thread dies, the other knows which
 * item killed it, however it died.
 */
export function claimQueue(length: number): Int32Array {
  const state = new Int32Array(new SharedArrayBuffer(20));
  state[2] = length - 1;
  setCurrent(state, -1);
  return state;
}

const CURRENT = 3;
/** When `current` was last set: Date.now() modulo 2^31 (shared by every thread; wraps after 24 days). */
const SINCE = 4;
const WRAP = 2 ** 31;
/** `current` once the back end's thread has finished its work. */
export const FINISHED = -2;
/** `current` while the back end's thread waits for the other (code hovers it computes): not a stall. */
export const WAITING = -3;

/** Records the item the back end's thread starts on (-1: none yet, FINISHED: done), and when. */
export function setCurrent(state: Int32Array, index: number): void {
  Atomics.store(state, SINCE, Date.now() % WRAP);
  Atomics.store(state, CURRENT, index);
}

export function current(state: Int32Array): number {
  return Atomics.load(state, CURRENT);
}

/** Milliseconds since `current` was last set, as the clock says: right however late the asking thread looks. */
export function msSinceCurrent(state: Int32Array): number {
  return ((((Date.now() % WRAP) - Atomics.load(state, SINCE)) % WRAP) + WRAP) % WRAP;
}

/** The first index the back end has not claimed: items from it to the end were claimed by the back end's thread. */
export function backClaimedFrom(state: Int32Array): number {
  return Atomics.load(state, 2) + 1;
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
