/**
 * A stand-in for Algolia's search API in e2e tests: answers `POST /1/indexes/*\/queries` from
 * a built site's search/records.json the way Algolia does (matched words wrapped in the
 * requested highlight tags, text NOT escaped), applies facet filters, and records every
 * request for the tests to inspect at `GET /__requests` (`POST /__reset` clears them).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { SearchRecord } from '../../theme/shared/search/record.ts';

export interface CapturedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: any;
}

/** A record on another site, returned for queries containing "daggerverse": external results stay external. */
export const EXTERNAL_RECORD_URL = 'https://daggerverse.example.org/mod/hello';

const TYPE_ORDER = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6', 'content'];

function mark(text: string | null, words: string[], pre: string, post: string) {
  if (text == null) return { value: '', matchLevel: 'none', matchedWords: [] as string[] };
  const matched = words.filter((w) => text.toLowerCase().includes(w));
  let value = text;
  for (const w of matched)
    value = value.replace(new RegExp(w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), (m) => `${pre}${m}${post}`);
  return {
    value,
    matchLevel: matched.length === 0 ? 'none' : matched.length === words.length ? 'full' : 'partial',
    matchedWords: matched,
  };
}

function passes(record: Record<string, unknown>, filters: unknown): boolean {
  const list = typeof filters === 'string' ? [filters] : Array.isArray(filters) ? filters : [];
  const one = (f: string) => {
    const [attr, value] = f.split(':');
    return String(record[attr]) === value;
  };
  return list.every((g: string | string[]) => (Array.isArray(g) ? g.some(one) : one(g)));
}

function answer(records: SearchRecord[], req: any) {
  const query = String(req.query ?? '');
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const pre = req.highlightPreTag ?? '<em>';
  const post = req.highlightPostTag ?? '</em>';
  const hitsPerPage = req.hitsPerPage ?? 20;
  const page = req.page ?? 0;
  const pool = words.includes('daggerverse')
    ? [
        ...records,
        {
          ...records[0],
          objectID: 'external',
          type: 'lvl1',
          url: EXTERNAL_RECORD_URL,
          url_without_anchor: EXTERNAL_RECORD_URL,
          anchor: null,
          content: 'A module on the Daggerverse',
          hierarchy: { ...records[0].hierarchy, lvl1: 'Daggerverse hello module' },
        } as SearchRecord,
      ]
    : records;
  const found = pool
    .filter((r) => passes(r as unknown as Record<string, unknown>, req.facetFilters))
    .filter((r) => {
      const text = [...Object.values(r.hierarchy), r.content].filter(Boolean).join(' ').toLowerCase();
      return words.length > 0 && words.every((w) => text.includes(w));
    })
    .sort((a, b) => TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) || a.weight.position - b.weight.position);
  const hits = found.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((r) => {
    const hierarchy = Object.fromEntries(Object.entries(r.hierarchy).map(([k, v]) => [k, mark(v, words, pre, post)]));
    return {
      ...r,
      _highlightResult: { hierarchy, content: mark(r.content, words, pre, post), hierarchy_camel: [hierarchy] },
      _snippetResult: { hierarchy, content: mark(r.content, words, pre, post) },
    };
  });
  return {
    hits,
    nbHits: found.length,
    page,
    nbPages: Math.ceil(found.length / hitsPerPage),
    hitsPerPage,
    processingTimeMS: 1,
    query,
    params: '',
    exhaustiveNbHits: true,
    index: req.indexName,
  };
}

/** Starts the stub; `recordsFile` is read on each query, so the site can be built after the stub starts. */
export function algoliaStub(recordsFile: () => string): http.Server {
  const captured: CapturedRequest[] = [];
  return http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Headers', '*');
      const url = new URL(req.url ?? '/', 'http://stub');
      if (req.method === 'OPTIONS') return res.end();
      if (url.pathname === '/__requests') {
        res.setHeader('Content-Type', 'application/json');
        return res.end(JSON.stringify(captured));
      }
      if (url.pathname === '/__reset') {
        captured.length = 0;
        return res.end('{}');
      }
      let parsed: any = null;
      try {
        parsed = body ? JSON.parse(body) : null;
      } catch {
        parsed = body;
      }
      captured.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: parsed,
      });
      res.setHeader('Content-Type', 'application/json');
      if (req.method !== 'POST' || url.pathname !== '/1/indexes/*/queries' || !Array.isArray(parsed?.requests)) {
        res.statusCode = 404;
        return res.end(JSON.stringify({ message: 'not found', status: 404 }));
      }
      const records = JSON.parse(fs.readFileSync(recordsFile(), 'utf8')) as SearchRecord[];
      res.end(JSON.stringify({ results: parsed.requests.map((r: any) => answer(records, r)) }));
    });
  });
}
