import type { SidebarItem } from '../shared/types.ts';
import { TEXTS } from '../shared/texts/index.ts';
import { ExternalIcon } from './Icons.tsx';

function containsDoc(item: SidebarItem, docHref: string): boolean {
  if (item.type === 'link') return item.href === docHref;
  return item.href === docHref || item.items.some((i) => containsDoc(i, docHref));
}

function Items({ items, current }: { items: SidebarItem[]; current: string }) {
  return (
    <ul className="sidebar-list">
      {items.map((item, i) => {
        if (item.type === 'link') {
          const active = !item.external && item.href === current;
          return (
            <li key={i} className="sidebar-item">
              <a
                className={`sidebar-link${active ? ' active' : ''}`}
                href={item.href}
                aria-current={active ? 'page' : undefined}
                {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {item.label}
                {item.external && <ExternalIcon />}
              </a>
            </li>
          );
        }
        const inTrail = containsDoc(item, current);
        // A collapsible category starts as configured, but the one holding the current page is
        // open. The button toggles it (theme/client/sidebar.ts); opening one never closes another.
        const collapsed = item.collapsible && item.collapsed && !inTrail;
        const link = item.href && (
          <a
            className={`sidebar-category-link${item.href === current ? ' active' : ''}`}
            href={item.href}
            aria-current={item.href === current ? 'page' : undefined}
          >
            {item.label}
          </a>
        );
        let label;
        if (!item.collapsible) label = link || <span>{item.label}</span>;
        else if (link) {
          label = (
            <>
              {link}
              <button
                type="button"
                className="sidebar-category-toggle sidebar-caret"
                aria-expanded={!collapsed}
                aria-label={TEXTS.toggleCategory(item.label)}
              />
            </>
          );
        } else {
          label = (
            <button type="button" className="sidebar-category-toggle" aria-expanded={!collapsed}>
              {item.label}
            </button>
          );
        }
        const classes = [
          'sidebar-category',
          inTrail && 'active-trail',
          item.collapsible && 'collapsible',
          collapsed && 'collapsed',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <li key={i} className={classes}>
            <div className="sidebar-category-label">{label}</div>
            <Items items={item.items} current={current} />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The sidebar a doc belongs to, with the current page and its ancestors marked. `name` tells the
 * client router whether the next page shows the same sidebar, which it then keeps in place.
 */
export function Sidebar({ items, current, name }: { items: SidebarItem[]; current: string; name?: string }) {
  return (
    <aside className="sidebar" id="sidebar" aria-label={TEXTS.landmarks.sidebar} data-sidebar={name}>
      <nav className="sidebar-nav" aria-label={TEXTS.landmarks.sidebarNav}>
        <Items items={items} current={current} />
      </nav>
    </aside>
  );
}
