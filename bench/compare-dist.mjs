#!/usr/bin/env node
// Compares two built sites file by file, treating the client bundle's content hashes as equal:
// a refactor that touches client code renames every chunk, and what matters is whether anything
// else changed. Usage: node bench/compare-dist.mjs <before-dir> <after-dir>
import fs from 'node:fs';
import path from 'node:path';

const [a, b] = process.argv.slice(2);
if (!a || !b) {
  console.error('usage: node bench/compare-dist.mjs <before-dir> <after-dir>');
  process.exit(2);
}
const HASHED = /([\w.-]+)-[A-Z0-9]{8}(\.(?:js|css))/g;
const normal = (s) => s.replace(HASHED, '$1-HASH$2');

function list(root) {
  const out = new Map();
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else out.set(normal(path.relative(root, full)), full);
    }
  };
  walk(root);
  return out;
}

const before = list(a);
const after = list(b);
const only = (x, y) => [...x.keys()].filter((k) => !y.has(k));
const changed = [...before.keys()].filter(
  (k) =>
    after.has(k) &&
    normal(fs.readFileSync(before.get(k), 'latin1')) !== normal(fs.readFileSync(after.get(k), 'latin1')),
);
for (const k of only(before, after)) console.log(`only in ${a}: ${k}`);
for (const k of only(after, before)) console.log(`only in ${b}: ${k}`);
for (const k of changed) console.log(`differs: ${k}`);
console.log(`${before.size} vs ${after.size} files; ${changed.length} differ (bundle hashes ignored)`);
process.exit(changed.length || only(before, after).length || only(after, before).length ? 1 : 0);
