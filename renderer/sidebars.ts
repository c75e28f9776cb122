import fs from 'node:fs';
import path from 'node:path';
import type { ProblemList } from './errors.ts';
import { hasRoute, type RouteTable } from './routes.ts';
import type { SidebarItem, SidebarItemConfig, Sidebars } from '../theme/shared/types.ts';
import { trimRoute, withBase } from '../theme/shared/routes.ts';
import type { GeneratedDocs } from './plugins/types.ts';
import { leavesSite } from '../theme/shared/url-kinds.ts';

export interface ResolvedSidebars {
  items: Record<string, SidebarItem[]>;
  /** Doc id → the sidebar it is shown with (the first that lists it). */
  sidebarOf: Map<string, string>;
  /** Sidebar name → its docs in reading order, for previous/next links. */
  order: Record<string, string[]>;
}

/** Finds the line of a quoted string in a config file, so a bad id can be pointed at. */
function lineOf(file: string, text: string): number | undefined {
  if (!fs.existsSync(file)) return undefined;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const i = lines.findIndex((l) => l.includes(`'${text}'`) || l.includes(`"${text}"`));
  return i >= 0 ? i + 1 : undefined;
}

/** An internal link item's target: a page route, or a file copied from content/static. */
function leadsSomewhere(href: string, table: RouteTable, staticDir: string): boolean {
  const target = href.split(/[?#]/)[0];
  const route = target && trimRoute(target);
  if (hasRoute(table, route)) return true;
  const file = path.join(staticDir, route);
  return file.startsWith(path.join(staticDir, path.sep)) && fs.existsSync(file) && fs.statSync(file).isFile();
}

/**
 * Resolves sidebar configs against the route table. A doc id that does not exist is a
 * configuration error (spec §5), reported with the line in sidebars.ts; so is an internal link
 * item that leads to neither a page nor a static file.
 */
export function resolveSidebars(
  config: Sidebars,
  table: RouteTable,
  opts: {
    file: string;
    baseUrl: string;
    staticDir: string;
    generated?: ReadonlyMap<string, GeneratedDocs['sidebar']>;
    problems: ProblemList;
  },
): ResolvedSidebars {
  const result: ResolvedSidebars = { items: {}, sidebarOf: new Map(), order: {} };
  for (const [name, items] of Object.entries(config)) {
    const order: string[] = [];
    const resolve = (item: SidebarItemConfig): SidebarItem[] => {
      if (typeof item === 'string') item = { type: 'doc', id: item };
      switch (item.type) {
        case 'doc': {
          const doc = table.byId.get(item.id);
          if (!doc) {
            opts.problems.add({
              file: opts.file,
              line: lineOf(opts.file, item.id),
              message: `sidebar "${name}" names doc id "${item.id}", which does not exist`,
              hint: 'Use the path of a file under content/docs without ".md" (and without "/index").',
            });
            return [];
          }
          order.push(doc.id);
          if (!result.sidebarOf.has(doc.id)) result.sidebarOf.set(doc.id, name);
          return [
            {
              type: 'link',
              label: item.label ?? doc.frontmatter.sidebar_label ?? doc.frontmatter.title,
              href: withBase(opts.baseUrl, doc.route),
              external: false,
              docId: doc.id,
            },
          ];
        }
        case 'link': {
          const external = leavesSite(item.href);
          if (!external && !leadsSomewhere(item.href, table, opts.staticDir)) {
            opts.problems.add({
              file: opts.file,
              line: lineOf(opts.file, item.href),
              message: `sidebar "${name}" links to ${item.href}, which is neither a page nor a file in static/`,
              hint: 'Point it at an existing route, or put the file in content/static.',
            });
          }
          return [
            {
              type: 'link',
              label: item.label,
              href: external ? item.href : withBase(opts.baseUrl, item.href),
              external,
            },
          ];
        }
        case 'category': {
          const link = item.link ? table.byId.get(item.link) : undefined;
          if (item.link && !link) {
            opts.problems.add({
              file: opts.file,
              line: lineOf(opts.file, item.link),
              message: `category "${item.label}" links to doc id "${item.link}", which does not exist`,
              hint: 'Use an existing doc id.',
            });
          }
          if (link) {
            order.push(link.id);
            if (!result.sidebarOf.has(link.id)) result.sidebarOf.set(link.id, name);
          }
          if (item.collapsible === false && item.collapsed) {
            opts.problems.add({
              file: opts.file,
              line: lineOf(opts.file, item.label),
              message: `category "${item.label}" is collapsed but not collapsible`,
              hint: 'Drop `collapsible: false`, or `collapsed: true`.',
            });
          }
          const collapsed = item.collapsed ?? false;
          const collapsible = item.collapsible ?? collapsed;
          return [
            {
              type: 'category',
              label: item.label,
              href: link ? withBase(opts.baseUrl, link.route) : undefined,
              collapsible,
              collapsed: collapsible && collapsed,
              items: item.items.flatMap(resolve),
            },
          ];
        }
        case 'generated': {
          const section = opts.generated?.get(item.plugin);
          if (!section) {
            opts.problems.add({
              file: opts.file,
              line: lineOf(opts.file, item.plugin),
              message: `sidebar "${name}" shows the docs of plugin "${item.plugin}", which generates no sidebar section`,
              hint: 'Add the plugin to plugins in site.config.ts, or remove the item.',
            });
            return [];
          }
          return resolve({ type: 'category', label: item.label, link: section.link, items: section.items });
        }
        default:
          opts.problems.add({
            file: opts.file,
            message: `unknown sidebar item ${JSON.stringify(item)}`,
            hint: 'Use a doc id, { type: "doc" | "link" | "category" | "generated" }.',
          });
          return [];
      }
    };
    result.items[name] = items.flatMap(resolve);
    result.order[name] = order;
  }
  return result;
}

/** Every internal href a sidebar leads to: its doc links, link items and category pages. */
function hrefsOf(items: SidebarItem[], into = new Set<string>()): Set<string> {
  for (const item of items) {
    if (item.type === 'link' && !item.external) into.add(item.href);
    if (item.type === 'category') {
      if (item.href) into.add(item.href);
      hrefsOf(item.items, into);
    }
  }
  return into;
}

/**
 * Sidebar name → the label of the first navbar item that leads to a page the sidebar lists. That
 * label is how readers already know the section, so texts outside the page (llms.txt) name
 * sidebars by it; a sidebar no navbar item leads into has none.
 */
export function navbarLabels(
  sidebars: ResolvedSidebars,
  navbar: { label: string; to: string }[],
  baseUrl: string,
): Map<string, string> {
  const labels = new Map<string, string>();
  const hrefs = Object.entries(sidebars.items).map(([name, items]) => [name, hrefsOf(items)] as const);
  for (const item of navbar) {
    const href = withBase(baseUrl, item.to);
    const into = hrefs.find(([name, set]) => !labels.has(name) && set.has(href));
    if (into) labels.set(into[0], item.label);
  }
  return labels;
}
