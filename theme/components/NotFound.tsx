import type { SiteData } from '../shared/types.ts';
import { TEXTS } from '../shared/texts/index.ts';
import { HOME_ROUTE, SEARCH_ROUTE, withBase } from '../shared/routes.ts';

export function NotFound({ site }: { site: SiteData }) {
  return (
    <main className="not-found" id="main">
      <h1>{TEXTS.notFoundTitle}</h1>
      <p>{TEXTS.notFoundBody}</p>
      <p>{TEXTS.notFoundHelp}</p>
      <p>{TEXTS.notFoundSuggestions}</p>
      <ul>
        <li>
          <a href={withBase(site.baseUrl, HOME_ROUTE)}>{TEXTS.notFoundHome}</a>
        </li>
        {site.navbar.items
          .filter((i) => i.to !== '/')
          .map((i) => (
            <li key={i.to}>
              <a href={withBase(site.baseUrl, i.to)}>{i.label}</a>
            </li>
          ))}
        <li>
          <a href={withBase(site.baseUrl, SEARCH_ROUTE)}>{TEXTS.notFoundSearch}</a>
        </li>
      </ul>
    </main>
  );
}
