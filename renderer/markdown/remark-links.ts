import fs from 'node:fs';
import path from 'node:path';
import type { Root, Link, Image, Definition } from 'mdast';
import { walk } from './walk.ts';
import type { VFile } from 'vfile';
import { ctx, report, type DocContext } from './context.ts';
import { trimRoute, withBase } from '../../theme/shared/routes.ts';
import { hasRoute } from '../routes.ts';
import { codeScheme, leavesSite } from '../../theme/shared/url-kinds.ts';

/** `#%E0%A4%A` is not valid percent-encoding: null instead of a URIError. */
function decodeAnchor(raw: string): string | undefined | null {
  try {
    return decodeURIComponent(raw) || undefined;
  } catch {
    return null;
  }
}

/** Resolves a doc-relative or absolute link to a site route and anchor, or null if external. */
export function resolveLink(
  url: string,
  fromRelPath: string,
  fromRoute: string,
  mdRoutes: (relPath: string) => string | undefined,
): { route: string; anchor?: string; viaFile?: string; badAnchor?: boolean } | null {
  if (leavesSite(url)) return null;
  const hashAt = url.indexOf('#');
  const pathPart = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const decoded = hashAt >= 0 ? decodeAnchor(url.slice(hashAt + 1)) : undefined;
  const anchor = decoded ?? undefined;
  const badAnchor = decoded === null ? { badAnchor: true } : {};
  if (pathPart === '') return { route: fromRoute, anchor, ...badAnchor };
  const clean = pathPart.split('?')[0];
  if (clean.endsWith('.md')) {
    const rel = clean.startsWith('/') ? clean.slice(1) : path.posix.join(path.posix.dirname(fromRelPath), clean);
    const normal = path.posix.normalize(rel);
    return { route: mdRoutes(normal) ?? `/${normal}`, anchor, viaFile: normal, ...badAnchor };
  }
  const abs = clean.startsWith('/')
    ? clean
    : path.posix.join(fromRoute.endsWith('/') ? fromRoute : `${fromRoute}/`, '..', clean);
  return { route: trimRoute(path.posix.normalize(abs)), anchor, ...badAnchor };
}

/**
 * A file a doc refers to (an image, a video, a download): a relative path names a file next to
 * the doc (copied to the output), an absolute one a file in content/static. Gives the URL to
 * write in the page (base URL included) and whether the file exists.
 */
export function resolveFile(c: DocContext, url: string, route: string): { url: string; exists: boolean } {
  if (!url.startsWith('/')) {
    const rel = path.posix.normalize(path.posix.join(path.posix.dirname(c.doc.doc.relPath), url.split(/[?#]/)[0]));
    if (!rel.startsWith('..') && fs.existsSync(path.join(c.docsDir, rel))) {
      c.files.add(rel);
      return { url: withBase(c.baseUrl, `/${rel}`), exists: true };
    }
  }
  return { url: withBase(c.baseUrl, route), exists: fs.existsSync(path.join(c.staticDir, route)) };
}

/**
 * Finds every link and image, rewrites doc links to final URLs (base URL, routes instead of .md
 * paths) and records them for the link check that runs once all pages are known.
 */
export default function remarkLinks() {
  return (tree: Root, file: VFile) => {
    const c = ctx(file);
    const mdRoute = (rel: string) => c.table.byRelPath.get(rel)?.route;
    walk(tree, undefined, (node) => {
      if (node.type !== 'link' && node.type !== 'definition' && node.type !== 'image') return;
      const n = node as Link | Definition | Image;
      const scheme = codeScheme(n.url, node.type === 'image');
      if (scheme) {
        report(
          file,
          n,
          `unsafe link: ${scheme}: URLs run code in the reader's browser`,
          'Link to a page or an https:// address; show code in a code block.',
        );
        n.url = '#';
        return;
      }
      const target = resolveLink(n.url, c.doc.doc.relPath, c.doc.route, mdRoute);
      if (!target) return;
      if (target.badAnchor) {
        report(
          file,
          n,
          `broken anchor: ${n.url} is not valid percent-encoding`,
          'Write the anchor as the heading slug, e.g. #default-values.',
        );
        return;
      }
      // A dotted path is a file unless it is a page route (e.g. /reference/typescript/api/client.gen).
      const isPage = hasRoute(c.table, target.route);
      if (node.type === 'image' || (path.extname(target.route) && !target.route.endsWith('.md') && !isPage)) {
        const found = resolveFile(c, n.url, target.route);
        if (!found.exists)
          report(file, n, `file not found: ${n.url}`, `Put the file in content/static${target.route} or fix the path.`);
        n.url = found.url;
        return;
      }
      if (target.viaFile && !c.table.byRelPath.has(target.viaFile)) {
        report(
          file,
          n,
          `broken link: ${n.url} (no such doc: content/docs/${target.viaFile})`,
          'Link to an existing .md file or to a route such as /getting-started.',
        );
        return;
      }
      c.links.push({
        route: target.route,
        anchor: target.anchor,
        line: n.position ? n.position.start.line + c.doc.bodyLine - 1 : undefined,
        column: n.position?.start.column,
      });
      n.url = withBase(c.baseUrl, target.route) + (target.anchor ? `#${encodeURIComponent(target.anchor)}` : '');
    });
  };
}
