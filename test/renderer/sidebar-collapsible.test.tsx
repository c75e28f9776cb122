import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProblemList } from '../../renderer/errors.ts';
import type { DocRoute, RouteTable } from '../../renderer/routes.ts';
import { resolveSidebars } from '../../renderer/sidebars.ts';
import { Sidebar } from '../../theme/components/Sidebar.tsx';
import * as TEXTS from '../../theme/shared/texts.ts';
import type { SidebarItem, Sidebars } from '../../theme/shared/types.ts';

/** A route table with just enough of each doc for the sidebar resolver. */
function table(ids: string[]): RouteTable {
  const docs = ids.map(
    (id) => ({ id, route: `/${id}`, frontmatter: { title: id.split('/').pop()! } }) as unknown as DocRoute,
  );
  return {
    docs,
    byId: new Map(docs.map((d) => [d.id, d])),
    byRoute: new Map(docs.map((d) => [d.route, d])),
    byRelPath: new Map(),
    pageRoutes: new Set(),
  };
}

function resolve(config: Sidebars) {
  const problems = new ProblemList();
  const result = resolveSidebars(config, table(['a', 'b/one', 'b/two', 'c', 'c/one']), {
    file: 'sidebars.ts',
    baseUrl: '/',
    staticDir: '/nowhere',
    problems,
  });
  return { items: result.items.main, problems: problems.items };
}

const category = (items: SidebarItem[], label: string) =>
  items.find((i) => i.type === 'category' && i.label === label) as Extract<SidebarItem, { type: 'category' }>;

describe('collapsible sidebar categories', () => {
  const config: Sidebars = {
    main: [
      'a',
      { type: 'category', label: 'Open', items: ['b/one'] },
      { type: 'category', label: 'Closable', collapsible: true, items: ['b/two'] },
      { type: 'category', label: 'Closed', collapsed: true, link: 'c', items: ['c/one'] },
    ],
  };

  it('resolves: always open by default, collapsible on request, collapsed implies collapsible', () => {
    const { items, problems } = resolve(config);
    expect(problems).toEqual([]);
    expect([category(items, 'Open').collapsible, category(items, 'Open').collapsed]).toEqual([false, false]);
    expect([category(items, 'Closable').collapsible, category(items, 'Closable').collapsed]).toEqual([true, false]);
    expect([category(items, 'Closed').collapsible, category(items, 'Closed').collapsed]).toEqual([true, true]);
  });

  it('a category that is collapsed but not collapsible is a configuration problem', () => {
    const { problems } = resolve({
      main: [{ type: 'category', label: 'Odd', collapsible: false, collapsed: true, items: ['a'] }],
    });
    expect(problems.map((p) => p.message)).toEqual(['category "Odd" is collapsed but not collapsible']);
  });

  it('renders buttons with aria-expanded; the category holding the current page is open', () => {
    const { items } = resolve(config);
    const away = renderToStaticMarkup(<Sidebar items={items} current="/a" name="main" />);
    expect(away).toContain('data-sidebar="main"');
    // No button on an always-open category.
    expect(away).toMatch(/<li class="sidebar-category"><div class="sidebar-category-label"><span>Open<\/span><\/div>/);
    expect(away).toContain(
      '<button type="button" class="sidebar-category-toggle" aria-expanded="true">Closable</button>',
    );
    // A linked category keeps its link; the arrow beside it is the button, named for the category.
    expect(away).toMatch(
      /<li class="sidebar-category collapsible collapsed"><div class="sidebar-category-label"><a class="sidebar-category-link" href="\/c">Closed<\/a><button type="button" class="sidebar-category-toggle sidebar-caret" aria-expanded="false" aria-label="([^"]+)"><\/button>/,
    );
    expect(away).toContain(`aria-label="${TEXTS.toggleCategory('Closed')}"`);
    const inside = renderToStaticMarkup(<Sidebar items={items} current="/c/one" name="main" />);
    expect(inside).toContain(
      '<li class="sidebar-category active-trail collapsible"><div class="sidebar-category-label"><a class="sidebar-category-link" href="/c">Closed</a><button type="button" class="sidebar-category-toggle sidebar-caret" aria-expanded="true"',
    );
  });
});
