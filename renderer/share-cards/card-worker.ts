/**
 * The share-card thread (see index.ts): it takes the cards a build names, copies each from the
 * cache or draws it (paint.ts), and writes it into the output, on its own event loop, so the
 * pages being compiled never wait for it nor it for them. Bundled on its own (worker-script.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import pLimit from 'p-limit';
import type { CardSite, CardText } from './design.ts';
import { BuildError } from '../errors.ts';
import { CardPainter, freeReadBackPixels } from './paint.ts';

export interface CardWorkerData {
  shareCardWorker: true;
  site: CardSite;
  logo?: { file: string; data: Uint8Array };
  /** Cards go to `<outDir>/og/<hash>.png`. */
  outDir: string;
  cacheDir?: string;
}

/** Main thread → worker. */
export type CardRequest = { card: { hash: string; text: CardText } } | { flush: true };

/** Worker → main thread: the answer to `flush`, once every card sent before it is written. */
export interface CardReport {
  /** `busyMs`: how long this thread was busy (laying out, drawing, compressing, copying cached cards). */
  flushed: { rendered: number; cached: number; busyMs: number; cpuMs?: number; failure?: SerializedError };
}

export interface SerializedError {
  message: string;
  /** A BuildError's problems (renderer/errors.ts), rebuilt on the main thread. */
  problems?: { file: string; message: string; hint?: string }[];
}

/**
 * Cards under way at once. Drawing, compressing and writing a drawn card are synchronous on this
 * thread (paint.ts), so this only lets a few cached cards' copies overlap the drawing of the next.
 */
const CARDS_IN_FLIGHT = 4;

if (parentPort && (workerData as CardWorkerData | undefined)?.shareCardWorker) {
  const port = parentPort;
  const data = workerData as CardWorkerData;
  const logo = data.logo && { file: data.logo.file, data: Buffer.from(data.logo.data) };
  let painter: Promise<CardPainter> | undefined;
  const limit = pLimit(CARDS_IN_FLIGHT);
  const running = new Set<Promise<void>>();
  const counts = { rendered: 0, cached: 0 };
  let failure: SerializedError | undefined;
  const folders = new Map<string, Promise<unknown>>();
  const folder = (dir: string) =>
    folders.get(dir) ?? folders.set(dir, fs.promises.mkdir(dir, { recursive: true })).get(dir)!;

  const produce = async (hash: string, text: CardText) => {
    const out = path.join(data.outDir, 'og', `${hash}.png`);
    const cached = data.cacheDir && path.join(data.cacheDir, `${hash}.png`);
    await folder(path.dirname(out));
    if (cached && (await copied(cached, out))) {
      counts.cached++;
      return;
    }
    const png = (await (painter ??= CardPainter.open(data.site, logo))).draw(text);
    counts.rendered++;
    try {
      // At once, on this thread: a write through libuv's threads costs twice the CPU (open, write
      // and close each a trip there and back), and both cores are busy meanwhile anyway.
      fs.writeFileSync(out, png);
    } catch (error: any) {
      // As the build's own writes say it (renderer/output.ts).
      throw new BuildError([
        {
          file: out,
          message: `cannot write the output folder: ${error?.code ?? ''} ${error?.message ?? error}`.trim(),
          hint: 'Check that the folder is writable, or choose another with --out.',
        },
      ]);
    }
    if (cached) await storeInCache(folder(data.cacheDir!), cached, png);
    await freeReadBackPixels(); // queued messages would draw card after card without a turn
  };

  port.on('message', (message: CardRequest) => {
    if ('card' in message) {
      const { hash, text } = message.card;
      const task: Promise<void> = limit(() => (failure ? undefined : produce(hash, text)))
        .catch((error) => {
          failure ??= serialize(error);
          limit.clearQueue();
        })
        .finally(() => running.delete(task));
      running.add(task);
    } else {
      void (async () => {
        while (running.size) await Promise.all([...running]);
        port.postMessage({
          flushed: { ...counts, busyMs: performance.eventLoopUtilization().active, cpuMs: threadCpuMs(), failure },
        } satisfies CardReport);
      })();
    }
  });
}

/**
 * Copies a cached card into the output; false when the cache has none, or a file that is not a
 * whole PNG (a truncated write, garbage): that card is drawn again and the cache's copy replaced.
 */
async function copied(from: string, to: string): Promise<boolean> {
  try {
    const png = await fs.promises.readFile(from);
    if (!wholePng(png)) return false;
    await fs.promises.writeFile(to, png);
    return true;
  } catch {
    return false;
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The IEND chunk every PNG ends with: length 0, type, CRC. */
const PNG_END = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** Starts with PNG's signature and ends with its last chunk: not truncated, not something else. */
export function wholePng(data: Buffer): boolean {
  return (
    data.length > PNG_SIGNATURE.length + PNG_END.length &&
    data.subarray(0, 8).equals(PNG_SIGNATURE) &&
    data.subarray(data.length - 12).equals(PNG_END)
  );
}

async function storeInCache(folder: Promise<unknown>, file: string, png: Buffer): Promise<void> {
  try {
    await folder;
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await fs.promises.writeFile(temp, png);
    await fs.promises.rename(temp, file);
  } catch {
    // A cache that cannot be written only makes the next build slower.
  }
}

/**
 * This thread's CPU time in ms, where the system tells it (Node 23.9+, or Linux's /proc): on a
 * busy machine its busy time counts the moments it waited for a core.
 */
function threadCpuMs(): number | undefined {
  const usage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.();
  if (usage) return (usage.user + usage.system) / 1000;
  try {
    const stat = fs.readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks of 10 ms (Linux's USER_HZ).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

function serialize(error: any): SerializedError {
  return {
    message: String(error?.message ?? error),
    problems: Array.isArray(error?.problems) ? error.problems : undefined,
  };
}
