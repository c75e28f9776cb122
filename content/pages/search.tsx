import type { SiteData } from '../../theme/shared/types.ts';
import { TEXTS } from '../../theme/shared/texts/index.ts';
import { SearchForm } from '../../theme/islands/search/search-form.tsx';
import { searchPageUrl } from '../../theme/shared/search/urls.ts';

export const meta = {
  title: TEXTS.searchButton,
  description: 'Search the Dagger documentation: guides, cookbook recipes, the CLI and the TypeScript SDK reference.',
};

/**
 * The /search page (spec §2, query parameter q). The server renders a plain GET form, so a
 * search can be submitted without JavaScript; the client mounts the results into the island.
 */
export default function Search({ site }: { site: SiteData }) {
  return (
    <div className="search-page">
      <h1 className="search-page-title">{TEXTS.searchButton}</h1>
      <div data-island="search-page">
        <SearchForm action={searchPageUrl(site.baseUrl, '')} />
      </div>
    </div>
  );
}
