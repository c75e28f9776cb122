import { describe, expect, it } from 'vitest';
import { MissingDataError } from '../../renderer/errors.ts';
import { renderParts } from '../../renderer/render-page.tsx';
import { DEV_ERRORS } from '../../theme/shared/dev-errors.ts';
import type { PageData, SiteData } from '../../theme/shared/types.ts';

const page: PageData = {
  route: '/a',
  kind: 'page',
  title: 'A',
  documentTitle: 'A',
  toc: [],
  hideToc: true,
  categories: [],
};

// Spec §8: missing route context or docs plugin data are developer errors that say what to pass.
describe('renderer/render-page: missing data', () => {
  it('rendering without the site data throws MissingDataError naming it', () => {
    expect(() => renderParts(undefined as unknown as SiteData, page, null)).toThrow(
      new MissingDataError(DEV_ERRORS.missingDocsData),
    );
  });

  it('rendering without the page data throws MissingDataError naming it', () => {
    const site = {} as SiteData;
    expect(() => renderParts(site, undefined as unknown as PageData, null)).toThrow(MissingDataError);
    expect(() => renderParts(site, undefined as unknown as PageData, null)).toThrow(DEV_ERRORS.missingRouteContext);
  });
});
