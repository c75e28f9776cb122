#!/usr/bin/env node
// Long fuzz run of the Markdown engine (a standalone script, not part of bench/run.mjs):
// 10,000 files — the pathological corpus of test/hardening/fuzz-inputs.ts at full size, then
// generated and mutated Markdown from its fast-check arbitraries — each put through the engine as
// a build does it (frontmatter, routes, Markdown → hast, link check, React HTML).
//
//   node bench/fuzz.mjs                         # 10,000 files, seed 1, the engine's 10 s page limit
//   node bench/fuzz.mjs --files 2000 --seed 7 --limit-ms 3000
//
// The files run in a worker; this thread samples memory (RSS) and is the watchdog: a file that
// makes no progress for 60 s is reported with its index and seed, and the run fails. Exits 1 on
// any crash, problem without a line, file over the limit, or hang.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

if (isMainThread) {
  const options = { files: arg('files', 10_000), seed: arg('seed', 1), limitMs: arg('limit-ms', 10_000) };
  const started = performance.now();
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: options });
  let rssMax = 0;
  let rssAfterCorpus = 0;
  let lastProgress = Date.now();
  let current = { index: -1, name: '' };
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, process.memoryUsage().rss);
    if (Date.now() - lastProgress > 60_000) {
      console.error(`HANG: file #${current.index} (${current.name}) made no progress for 60 s (seed ${options.seed})`);
      worker.terminate();
      process.exitCode = 1;
    }
  }, 250);
  worker.on('message', (m) => {
    lastProgress = Date.now();
    if (m.type === 'start') current = m;
    if (m.type === 'corpus-done') rssAfterCorpus = process.memoryUsage().rss;
    if (m.type === 'progress')
      console.error(`  ${m.done}/${options.files} files, ${Math.round(process.memoryUsage().rss / 1e6)} MB RSS`);
    if (m.type === 'done') {
      const r = m.result;
      const s = (performance.now() - started) / 1000;
      const rssEnd = process.memoryUsage().rss;
      console.log(
        `fuzzed ${r.total} files in ${s.toFixed(0)} s (seed ${options.seed}, page limit ${options.limitMs} ms)`,
      );
      console.log(
        `  rendered: ${r.ok}, failed with file:line problems: ${r.problems}, crashes: ${r.crash.length}, problems without a line: ${r.bad.length}, over the limit: ${r.slow.length}`,
      );
      console.log(`  stopped by the engine's time limit: ${r.timedOut}, refused as nested too deeply: ${r.tooDeep}`);
      console.log(`  slowest file: ${Math.round(r.maxMs)} ms (${r.maxName}); median ${r.medianMs.toFixed(1)} ms`);
      console.log(
        `  RSS: max ${Math.round(rssMax / 1e6)} MB, after the pathological corpus ${Math.round(rssAfterCorpus / 1e6)} MB, at the end ${Math.round(rssEnd / 1e6)} MB; heap after GC at the end ${Math.round(r.heapEnd / 1e6)} MB (after the corpus ${Math.round(r.heapAfterCorpus / 1e6)} MB)`,
      );
      for (const list of [r.crash, r.bad, r.slow]) for (const line of list.slice(0, 10)) console.log(`  ! ${line}`);
      if (r.crash.length || r.bad.length || r.slow.length) process.exitCode = 1;
      clearInterval(sampler);
      worker.terminate();
    }
  });
  worker.on('error', (e) => {
    console.error('worker failed:', e);
    process.exitCode = 1;
    clearInterval(sampler);
  });
} else {
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: fileURLToPath(new URL('../tsconfig.base.json', import.meta.url)) });
  const v8 = await import('node:v8');
  const vm = await import('node:vm');
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  const fc = (await import('fast-check')).default;
  const { createPipeline } = await import('../renderer/markdown/pipeline.ts');
  const { anyMarkdown, badProblems, checkDoc, pathologicalCorpus } = await import('../test/hardening/fuzz-inputs.ts');
  const { files, seed, limitMs } = workerData;
  const toHast = await createPipeline({ timeLimitMs: limitMs });
  const result = {
    total: 0,
    ok: 0,
    problems: 0,
    crash: [],
    bad: [],
    slow: [],
    timedOut: 0,
    tooDeep: 0,
    maxMs: 0,
    maxName: '',
    medianMs: 0,
    heapAfterCorpus: 0,
    heapEnd: 0,
  };
  const times = [];
  const one = async (name, source) => {
    parentPort.postMessage({ type: 'start', index: result.total, name });
    const r = await checkDoc(source, toHast);
    result.total++;
    times.push(r.ms);
    if (r.ms > result.maxMs) [result.maxMs, result.maxName] = [r.ms, name];
    if (r.kind === 'crash') return result.crash.push(`${name}: ${r.error.split('\n').slice(0, 3).join(' | ')}`);
    result[r.kind]++;
    const bad = badProblems(r.problems);
    if (bad.length) result.bad.push(`${name}: ${bad[0]}`);
    if (r.ms > limitMs + 10_000) result.slow.push(`${name}: ${Math.round(r.ms)} ms`);
    if (r.problems.some((p) => p.message.includes('took more than'))) result.timedOut++;
    if (r.problems.some((p) => p.message.includes('nested too deeply'))) result.tooDeep++;
  };
  const corpus = pathologicalCorpus(1);
  for (const [name, source] of corpus) await one(name, source);
  gc();
  result.heapAfterCorpus = process.memoryUsage().heapUsed;
  parentPort.postMessage({ type: 'corpus-done' });
  const generated = fc.sample(anyMarkdown, { seed, numRuns: Math.max(0, files - corpus.length) });
  for (let i = 0; i < generated.length; i++) {
    await one(`generated #${i} (seed ${seed})`, generated[i]);
    if ((i + 1) % 1000 === 0) parentPort.postMessage({ type: 'progress', done: result.total });
  }
  gc();
  result.heapEnd = process.memoryUsage().heapUsed;
  times.sort((a, b) => a - b);
  result.medianMs = times[Math.floor(times.length / 2)] ?? 0;
  parentPort.postMessage({ type: 'done', result });
}
