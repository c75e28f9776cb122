import * as TEXTS from '../shared/texts.ts';
import { dataUrl } from '../shared/routes.ts';

/** A route's data file (renderer/page-data.ts): what a navigation swaps in. */
export interface RouteData {
  route: string;
  documentTitle: string;
  description: string;
  region: string;
}

/** The server has no such route: the router lets it answer with a full load (its 404 page). */
export class NotFoundError extends Error {}

/**
 * Route data by route, each fetched once and shared by prefetches and navigations. A failed
 * load is not kept, so Retry really loads again.
 */
export function createRouteLoader(baseUrl: string) {
  const loaded = new Map<string, Promise<RouteData>>();
  return {
    load(route: string): Promise<RouteData> {
      let pending = loaded.get(route);
      if (!pending) {
        pending = fetch(dataUrl(baseUrl, route)).then((res) => {
          if (res.status === 404) throw new NotFoundError(route);
          if (!res.ok) throw new Error(`${TEXTS.loadFailed} (HTTP ${res.status})`);
          return res.json() as Promise<RouteData>;
        });
        pending.catch(() => loaded.delete(route));
        loaded.set(route, pending);
      }
      return pending;
    },
    forget(route: string): void {
      loaded.delete(route);
    },
    /** `docs dev` after a save: every route's data may have changed. */
    forgetAll(): void {
      loaded.clear();
    },
  };
}

export type RouteLoader = ReturnType<typeof createRouteLoader>;
