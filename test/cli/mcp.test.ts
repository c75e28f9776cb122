import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStale } from '../../cli/mcp.ts';
import { mcpEndpoint } from '../../cli/serve.ts';
import { createStaticServer, listen, readHeadersFile } from '../../cli/static-server.ts';
import { SERVER_CARD_PATH } from '../../renderer/mcp/server-card.ts';
import { LIMITS } from '../../renderer/mcp/tools.ts';
import { buildRealSite } from '../helpers/real-site.ts';
import { ROOT, tempOut } from '../helpers/site.ts';

/** The text of a tool call's answer, and whether it is an error. */
async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ text: string; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as {
    content: { type: string; text: string }[];
    isError?: boolean;
  };
  return { text: result.content.map((c) => c.text).join('\n'), isError: Boolean(result.isError) };
}

const out = tempOut();
let stdio: Client;
let httpClient: Client;
let server: http.Server;
let base: string;

beforeAll(async () => {
  await buildRealSite(out);
  stdio = new Client({ name: 'test-stdio', version: '1.0.0' });
  await stdio.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(ROOT, 'bin/docs.js'), 'mcp', '--dir', out, '--no-build'],
      cwd: ROOT,
      stderr: 'ignore',
    }),
  );
  const mcp = await mcpEndpoint(out, '127.0.0.1');
  server = createStaticServer({ dir: () => out, headers: readHeadersFile(out), intercept: mcp.intercept });
  base = await listen(server, 0, '127.0.0.1');
  httpClient = new Client({ name: 'test-http', version: '1.0.0' });
  await httpClient.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
});

afterAll(async () => {
  await stdio?.close();
  await httpClient?.close();
  server?.close();
});

describe('docs mcp (stdio) on the real site', () => {
  it('names itself after the site and lists its three tools', async () => {
    expect(stdio.getServerVersion()).toMatchObject({ name: 'io.dagger.docs/docs-mcp', version: '0.18.16' });
    const { tools } = await stdio.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['list_pages', 'read_page', 'search_docs']);
  });

  it('search_docs ranks as the site does and carries title, section, URL and snippet', async () => {
    const { text, isError } = await call(stdio, 'search_docs', { query: 'cache volumes', limit: 5 });
    expect(isError).toBe(false);
    const first = text.split('\n\n')[0];
    expect(first).toMatch(/^1\. .*Cache/i);
    expect(first).toMatch(/https:\/\/docs\.dagger\.io\/\S+/);
    expect(text.split('\n\n')).toHaveLength(5);
    // Every snippet line is bounded.
    for (const block of text.split('\n\n'))
      expect(block.split('\n')[2].trim().length).toBeLessThanOrEqual(LIMITS.snippetChars);
  });

  it("search_docs understands the site's search synonyms (k8s → Kubernetes)", async () => {
    const { text } = await call(stdio, 'search_docs', { query: 'k8s', limit: 3 });
    expect(text.split('\n')[1].trim()).toBe('https://docs.dagger.io/reference/container-runtimes/kubernetes');
  });

  it('search_docs answers a query with no hit plainly', async () => {
    const { text, isError } = await call(stdio, 'search_docs', { query: 'zzqxv' });
    expect(isError).toBe(false);
    expect(text).toMatch(/^No results for "zzqxv"/);
  });

  it("read_page returns the page's Markdown copy, the same text as its .md file", async () => {
    const { text } = await call(stdio, 'read_page', { page: '/getting-started/installation' });
    expect(text).toBe(fs.readFileSync(path.join(out, 'getting-started/installation.md'), 'utf8'));
    // A full URL, a trailing slash and the .md path name the same page.
    expect(
      (await call(stdio, 'read_page', { page: 'https://docs.dagger.io/getting-started/installation/' })).text,
    ).toBe(text);
    expect((await call(stdio, 'read_page', { page: '/getting-started/installation.md' })).text).toBe(text);
  });

  it("read_page with #anchor returns only that section, found by the page's real heading id", async () => {
    const md = fs.readFileSync(path.join(out, 'getting-started/installation.md'), 'utf8');
    const html = fs.readFileSync(path.join(out, 'getting-started/installation/index.html'), 'utf8');
    const id = /<h2 id="([^"]+)"/.exec(html)![1];
    const { text, isError } = await call(stdio, 'read_page', { page: `/getting-started/installation#${id}` });
    expect(isError).toBe(false);
    expect(text).toMatch(/^## /);
    expect(text.length).toBeLessThan(md.length);
    expect(md).toContain(text.split('\n\nFrom: ')[0]);
    expect(text).toContain(`From: https://docs.dagger.io/getting-started/installation#${id}`);
  });

  it('read_page on an unknown page is an error with close matches', async () => {
    const { text, isError } = await call(stdio, 'read_page', { page: '/getting-started/instalation' });
    expect(isError).toBe(true);
    expect(text).toContain('No page at "/getting-started/instalation"');
    expect(text).toContain('/getting-started/installation');
  });

  it("read_page on an unknown anchor lists the page's heading ids", async () => {
    const { text, isError } = await call(stdio, 'read_page', { page: '/getting-started/installation#no-such-heading' });
    expect(isError).toBe(true);
    expect(text).toMatch(/has no heading with the id "no-such-heading"\. Its headings' ids: /);
  });

  it('read_page pages a long text in bounded parts that join up', async () => {
    const { resources } = await stdio.listResources();
    // The longest Markdown copy of the site (the SDK reference has some long pages).
    const sizes = resources
      .filter((r) => r.uri.endsWith('.md'))
      .map((r) => [r.uri, fs.statSync(path.join(out, new URL(r.uri).pathname)).size] as const);
    const [longest, size] = sizes.sort((a, b) => b[1] - a[1])[0];
    expect(size).toBeGreaterThan(LIMITS.pageChars);
    const first = (await call(stdio, 'read_page', { page: longest })).text;
    const m = /\[… \d+ more characters: call again with offset (\d+)\]$/.exec(first)!;
    expect(Number(m[1])).toBe(LIMITS.pageChars);
    const second = (await call(stdio, 'read_page', { page: longest, offset: Number(m[1]) })).text;
    const whole = fs.readFileSync(path.join(out, new URL(longest).pathname), 'utf8');
    expect(whole.startsWith(first.slice(0, m.index).trimEnd())).toBe(true);
    expect(whole.slice(LIMITS.pageChars).startsWith(second.replace(/\n\n\[… .*\]$/s, '').slice(0, 1000))).toBe(true);
  });

  it('list_pages shows the sidebars as a tree, one section on request', async () => {
    const all = (await call(stdio, 'list_pages', {})).text;
    expect(all.length).toBeLessThanOrEqual(LIMITS.listChars + 400);
    const reference = await call(stdio, 'list_pages', { section: 'Reference' });
    expect(reference.isError).toBe(false);
    expect(reference.text).toMatch(/^## Reference$/m);
    expect(reference.text).toMatch(/^\s+- .+ \(\/reference\/\S+\)$/m);
    const bad = await call(stdio, 'list_pages', { section: 'Nope' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('Sections: ');
  });

  it('every page is a resource whose text is its Markdown copy; the server card is one too', async () => {
    const { resources } = await stdio.listResources();
    const pages = JSON.parse(fs.readFileSync(path.join(out, 'mcp/site.json'), 'utf8')).pages as unknown[];
    expect(resources.filter((r) => r.mimeType === 'text/markdown')).toHaveLength(pages.length);
    const read = await stdio.readResource({ uri: 'https://docs.dagger.io/getting-started/installation.md' });
    expect((read.contents[0] as { text: string }).text).toBe(
      fs.readFileSync(path.join(out, 'getting-started/installation.md'), 'utf8'),
    );
    const card = await stdio.readResource({ uri: 'mcp://server-card.json' });
    expect(JSON.parse((card.contents[0] as { text: string }).text)).toEqual(
      JSON.parse(fs.readFileSync(path.join(out, SERVER_CARD_PATH), 'utf8')),
    );
  });
});

describe('docs serve /mcp (Streamable HTTP)', () => {
  it('answers the same tools over HTTP', async () => {
    const a = await call(httpClient, 'search_docs', { query: 'secrets' });
    const b = await call(stdio, 'search_docs', { query: 'secrets' });
    expect(a.text).toBe(b.text);
    expect((await call(httpClient, 'read_page', { page: '/' })).text).toBe(
      fs.readFileSync(path.join(out, 'index.md'), 'utf8'),
    );
  });

  it('refuses requests from another origin or host name (DNS rebinding) and GET', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(init),
      });
    expect((await post({})).status).toBe(200);
    expect((await post({ Origin: 'https://evil.example' })).status).toBe(403);
    // fetch will not send another Host header: a raw request, as a rebound DNS name would arrive.
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${base}/mcp`,
        {
          method: 'POST',
          headers: {
            Host: 'evil.example:80',
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
          },
        },
        (res) => (res.resume(), resolve(res.statusCode!)),
      );
      req.on('error', reject);
      req.end(JSON.stringify(init));
    });
    expect(status).toBe(403);
    expect((await fetch(`${base}/mcp`)).status).toBe(405);
  });

  it('the build writes the server card describing the same tools as tools/list', async () => {
    const card = JSON.parse(fs.readFileSync(path.join(out, SERVER_CARD_PATH), 'utf8'));
    expect(card).toMatchObject({
      $schema: expect.stringContaining('server-card'),
      name: 'io.dagger.docs/docs-mcp',
      version: '0.18.16',
      websiteUrl: 'https://docs.dagger.io/',
    });
    const { tools } = await httpClient.listTools();
    for (const tool of tools) {
      const listed = card.tools.find((t: { name: string }) => t.name === tool.name);
      expect(listed.description).toBe(tool.description);
      expect(listed.inputSchema.properties).toEqual(tool.inputSchema.properties);
    }
  });

  it('serves the card to any origin (CORS), as _headers tells static hosts to', async () => {
    const res = await fetch(`${base}/.well-known/mcp/server-card.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(fs.readFileSync(path.join(out, '_headers'), 'utf8')).toMatch(
      /^\/\.well-known\/mcp\/\*\n {2}Access-Control-Allow-Origin: \*$/m,
    );
  });
});

describe('docs mcp builds first when the output is stale', () => {
  it('is stale when missing, or older than a file of the content or the engine', () => {
    const content = fs.mkdtempSync(path.join(path.dirname(out), 'content-'));
    const file = path.join(content, 'page.md');
    fs.writeFileSync(file, '# x');
    const stamp = fs.statSync(path.join(out, 'mcp/site.json')).mtime;
    fs.utimesSync(file, stamp, new Date(stamp.getTime() - 60_000));
    expect(isStale(out, path.join(content, 'no-engine-here'), content)).toBe(false);
    fs.utimesSync(file, stamp, new Date(stamp.getTime() + 60_000));
    expect(isStale(out, path.join(content, 'no-engine-here'), content)).toBe(true);
    expect(isStale(path.join(content, 'no-output'), ROOT, content)).toBe(true);
  });
});
