import type { ClientData } from '../shared/client-data.ts';

/**
 * Page views (PostHog-compatible `capture('$pageview')`) and the community-tracking script,
 * only when configured: with no keys there is no analytics code path and no request.
 */
export function initAnalytics(data: ClientData): { pageview(route: string): void } {
  const { posthog, communityScriptUrl } = data.analytics;
  if (communityScriptUrl) {
    const s = document.createElement('script');
    s.src = communityScriptUrl;
    s.async = true;
    document.head.appendChild(s);
  }
  if (!posthog) return { pageview() {} };
  const send = (event: string, extra?: Record<string, string>) => {
    const body = JSON.stringify({
      api_key: posthog.apiKey,
      event,
      properties: { ...extra, $current_url: location.href, $pathname: location.pathname, distinct_id: 'anonymous' },
      timestamp: new Date().toISOString(),
    });
    navigator.sendBeacon?.(`${posthog.apiHost.replace(/\/$/, '')}/capture/`, body) ||
      fetch(`${posthog.apiHost.replace(/\/$/, '')}/capture/`, { method: 'POST', body, keepalive: true }).catch(
        () => {},
      );
  };
  const api = { capture: send };
  (window as any).posthog = api;
  send('$pageview');
  return { pageview: () => send('$pageview') };
}
