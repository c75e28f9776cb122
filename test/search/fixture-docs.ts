/**
 * Docs added to the basic fixture site for the search e2e variants (test/e2e/global-setup.ts):
 * a settings reference long enough for a second page of results (24 setting headings, 20
 * hits per page), and a page whose title, description and heading contain markup-like text.
 */
const SETTINGS: [string, string][] = [
  ['log_level', 'How much the widget logs: error, warn, info or debug.'],
  ['log_format', 'Plain text for terminals, or JSON lines for log collectors.'],
  ['listen_address', 'The address the widget accepts connections on.'],
  ['port', 'The TCP port of the listener.'],
  ['tls_cert', 'Path of the certificate served over TLS.'],
  ['tls_key', 'Path of the private key matching the certificate.'],
  ['cache_dir', 'Where downloaded artifacts are kept between runs.'],
  ['cache_size', 'The largest size the cache may grow to before old entries go.'],
  ['max_workers', 'How many jobs run at the same time.'],
  ['timeout', 'How long a job may run before it is stopped.'],
  ['retry_count', 'How many times a failed download is tried again.'],
  ['retry_backoff', 'The pause before the first retry; it doubles after each attempt.'],
  ['proxy_url', 'An HTTP proxy for outgoing connections.'],
  ['registry_mirror', 'A mirror used instead of the default image registry.'],
  ['telemetry', 'Whether anonymous usage data is sent.'],
  ['color', 'Colour in terminal output: auto, always or never.'],
  ['editor', 'The program opened to edit configuration files.'],
  ['shell', 'The shell used to run hook commands.'],
  ['plugins_dir', 'Where plugins are installed.'],
  ['data_dir', 'Where the widget keeps its state.'],
  ['update_channel', 'Stable or preview releases for self-updates.'],
  ['locale', 'The language of messages.'],
  ['time_zone', 'The zone timestamps are shown in.'],
  ['auth_token', 'The token sent to the registry; prefer the environment variable.'],
];

export const SETTINGS_COUNT = SETTINGS.length;

const settings = `---
title: Widget settings
description: Every setting of the widget's configuration file.
---

The widget reads \`widget.toml\` when it starts.

${SETTINGS.map(([name, text]) => `## \`${name}\` setting\n\n${text}\n`).join('\n')}`;

/** The markup-like text every search view must show as text. */
export const MARKUP = '<img src=x onerror=alert(1)>';

const markup = `---
title: Markup in text
description: "Text such as ${MARKUP} is shown, never run."
---

## Escaping \`${MARKUP}\`

Search results show this heading as text.
`;

/** Fixture edits (path under the content folder → content). */
export const SEARCH_FIXTURE_DOCS: Record<string, string> = {
  'docs/guide/settings.md': settings,
  'docs/guide/markup.md': markup,
};

/** The search fixture's `search.feedbackUrl` (set in test/e2e/global-setup.ts), where "Let us know." leads. */
export const FEEDBACK_URL = 'https://example.com/feedback?title=no%20results%20for%20%22{query}%22';
