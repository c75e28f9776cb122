import { Worker, isMainThread, workerData, parentPort } from 'node:worker_threads';
import fs from 'node:fs'; import path from 'node:path';
if (isMainThread) {
  const configs = [undefined, 16, 32, 64];
  for (let rep = 0; rep < 3; rep++) for (const y of configs) {
    const c0 = process.cpuUsage(); const w0 = performance.now();
    await new Promise((res, rej) => { const w = new Worker(new URL(import.meta.url), { workerData: {}, resourceLimits: y ? { maxYoungGenerationSizeMb: y } : undefined }); w.on('exit', res); w.on('error', rej); });
    const u = process.cpuUsage(c0);
    console.log(`young ${y ?? 'default'}: cpu ${((u.user + u.system) / 1000).toFixed(0)} ms wall ${(performance.now() - w0).toFixed(0)}`);
  }
} else {
  const { unified } = await import('unified'); const remarkParse = (await import('remark-parse')).default; const remarkGfm = (await import('remark-gfm')).default; const remarkDirective = (await import('remark-directive')).default;
  const dir = '/tmp/b/ours-1000/docs';
  const files = fs.readdirSync(dir, { recursive: true }).filter(f => f.endsWith('.md')).slice(0, 500).map(f => fs.readFileSync(path.join(dir, f), 'utf8').replace(/^---[\s\S]*?---\n/, ''));
  const p = unified().use(remarkParse).use(remarkGfm).use(remarkDirective).freeze();
  for (const f of files) p.parse(f);
}
