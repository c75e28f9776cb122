import { describe, expect, it } from 'vitest';
import { navbarLabels, type ResolvedSidebars } from '../../renderer/sidebars.ts';
import type { SidebarItem } from '../../theme/shared/types.ts';

const doc = (href: string): SidebarItem => ({ type: 'link', label: href, href, external: false });
const sidebars = (items: Record<string, SidebarItem[]>): ResolvedSidebars => ({
  items,
  sidebarOf: new Map(),
  order: {},
});

describe('navbarLabels: a sidebar is named by the navbar item leading into it', () => {
  const site = sidebars({
    intro: [{ type: 'link', label: 'Overview', href: '/docs/', external: false }, doc('/docs/faq')],
    guides: [
      {
        type: 'category',
        label: 'Guides',
        href: '/docs/guides',
        collapsible: false,
        collapsed: false,
        items: [doc('/docs/guides/install')],
      },
    ],
    api: [
      {
        type: 'category',
        label: 'API',
        collapsible: false,
        collapsed: false,
        items: [
          doc('/docs/api/client'),
          { type: 'link', label: 'Elsewhere', href: 'https://example.com/', external: true },
        ],
      },
    ],
    orphan: [doc('/docs/orphan')],
  });

  it('matches a navbar route to any page the sidebar links, under the base URL', () => {
    const navbar = [
      { label: 'Start', to: '/' },
      { label: 'Guides', to: '/guides' },
      { label: 'Client API', to: '/api/client' },
    ];
    expect(Object.fromEntries(navbarLabels(site, navbar, '/docs/'))).toEqual({
      intro: 'Start',
      guides: 'Guides',
      api: 'Client API',
    });
  });

  it('keeps the first navbar item into a sidebar, and names no sidebar for an external or unmatched item', () => {
    const navbar = [
      { label: 'Install', to: '/guides/install' },
      { label: 'Guides', to: '/guides' },
      { label: 'Nowhere', to: '/missing' },
    ];
    const labels = navbarLabels(site, navbar, '/docs/');
    expect(Object.fromEntries(labels)).toEqual({ guides: 'Install' });
    expect(labels.has('orphan')).toBe(false);
  });
});
