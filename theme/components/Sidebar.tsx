import type { SidebarItem } from '../shared/types.ts';
import { TEXTS } from '../shared/texts.ts';
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
              <a className={`sidebar-link${active ? ' active' : ''}`} href={item.href} aria-current={active ? 'page' : undefined} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                {item.label}
                {item.external && <ExternalIcon />}
              </a>
            </li>
          );
        }
        const inTrail = containsDoc(item, current);
        const label = item.href ? (
          <a className={`sidebar-category-link${item.href === current ? ' active' : ''}`} href={item.href} aria-current={item.href === current ? 'page' : undefined}>{item.label}</a>
        ) : (
          <span>{item.label}</span>
        );
        // Long generated sections start collapsed (unless they hold the current page); every other
        // category is always open: the site's sidebars never auto-collapse.
        if (item.collapsed) {
          return (
            <li key={i} className={`sidebar-category${inTrail ? ' active-trail' : ''}`}>
              <details open={inTrail || undefined}>
                <summary className="sidebar-category-label">{label}</summary>
                <Items items={item.items} current={current} />
              </details>
            </li>
          );
        }
        return (
          <li key={i} className={`sidebar-category${inTrail ? ' active-trail' : ''}`}>
            <div className="sidebar-category-label">{label}</div>
            <Items items={item.items} current={current} />
          </li>
        );
      })}
    </ul>
  );
}

/** The sidebar a doc belongs to, with the current page and its ancestors marked. */
export function Sidebar({ items, current }: { items: SidebarItem[]; current: string }) {
  return (
    <aside className="sidebar" id="sidebar" aria-label={TEXTS.landmarks.sidebar}>
      <nav className="sidebar-nav" aria-label={TEXTS.landmarks.sidebarNav}>
        <Items items={items} current={current} />
      </nav>
    </aside>
  );
}
