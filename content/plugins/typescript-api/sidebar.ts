import type { SidebarItemConfig } from '../../../theme/shared/types.ts';
import type { ApiModel } from './model.ts';
import { DOC_ROOT, MODULES_DOC_ID } from './model.ts';

/**
 * The reference's sidebar section: overview, modules index, then per module a collapsed
 * category (linked to the module index) holding a collapsed category per kind (linked to the
 * kind's index) of doc entries. Collapsed because 200+ entries would bury the rest of the sidebar.
 */
export function buildSidebar(model: ApiModel): SidebarItemConfig[] {
  return [
    { type: 'doc', id: DOC_ROOT, label: 'Overview' },
    { type: 'doc', id: MODULES_DOC_ID, label: 'Modules' },
    ...model.modules.map(
      (mod): SidebarItemConfig => ({
        type: 'category',
        label: mod.name,
        link: mod.docId,
        collapsed: true,
        items: mod.groups.map(
          (group): SidebarItemConfig => ({
            type: 'category',
            label: group.kind.plural,
            link: group.docId,
            collapsed: true,
            items: group.pages.map(
              (page): SidebarItemConfig => ({ type: 'doc', id: page.docId, label: page.reflection.name }),
            ),
          }),
        ),
      }),
    ),
  ];
}
