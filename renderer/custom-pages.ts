import path from 'node:path';
import { importFresh } from './import-fresh.ts';
import type { ComponentType } from 'react';
import type { ProblemList } from './errors.ts';
import { DEV_ERRORS } from '../theme/shared/dev-errors.ts';
import type { SiteData } from '../theme/shared/types.ts';
import { routeFromPageName } from '../theme/shared/routes.ts';

export interface CustomPage {
  file: string;
  route: string;
  title: string;
  description?: string;
  Component: ComponentType<{ site: SiteData }>;
}

/** Imports each custom page; a module without a default export is a developer-facing error (spec §5). */
export async function loadCustomPages(
  files: string[],
  problems: ProblemList,
  cwd = process.cwd(),
  sources?: Map<string, string>,
): Promise<CustomPage[]> {
  const pages: CustomPage[] = [];
  for (const file of files) {
    const rel = path.relative(cwd, file);
    let mod: any;
    try {
      mod = await importFresh(file, sources);
    } catch (error: any) {
      problems.add({ file: rel, message: `cannot load page module: ${error?.message ?? error}` });
      continue;
    }
    if (typeof mod.default !== 'function') {
      problems.add({
        file: rel,
        line: 1,
        message: DEV_ERRORS.pageWithoutDefaultExport(rel).slice(rel.length + 2),
        hint: 'Add `export default function Page() { … }`.',
      });
      continue;
    }
    const meta = mod.meta ?? {};
    pages.push({
      file: rel,
      route: routeFromPageName(path.basename(file, '.tsx')),
      title: meta.title ?? path.basename(file, '.tsx'),
      description: meta.description,
      Component: mod.default,
    });
  }
  return pages;
}
