import type { SiteConfigInput } from '../renderer/config/schema.ts';
import cliReference from './plugins/cli-reference/index.ts';
import typescriptApi from './plugins/typescript-api/plugin.ts';
import linkedCode from './plugins/linked-code/index.ts';
import typeHovers from './plugins/type-hovers/index.ts';

/** The Dagger documentation site. Analytics and hosted search stay off unless configured. */
const config: SiteConfigInput = {
  title: 'Dagger',
  tagline:
    'Dagger is an open-source runtime for composable workflows: modular, repeatable and observable pipelines for AI agents and CI/CD.',
  url: 'https://docs.dagger.io',
  baseUrl: '/',
  productName: 'Dagger',
  docsVersion: { name: 'current', label: 'Next', shows: '0.18.16' },
  locales: { default: 'en', all: ['en'] },
  navbar: {
    logo: { alt: 'Dagger Logo', src: '/img/dagger-logo.svg', href: '/' },
    items: [
      {
        label: 'Introduction',
        to: '/',
        activeBaseRegex: '^/$|^/(?!getting-started|extending|reference|cookbook|ci|types|integrations).*',
      },
      {
        label: 'Getting Started',
        to: '/getting-started',
        activeBaseRegex: '^/getting-started/?.*|^/integrations/?.*|^/types/?.*',
      },
      { label: 'Extending', to: '/extending', activeBaseRegex: '^/extending/?.*' },
      { label: 'Reference', to: '/reference', activeBaseRegex: '^/reference/?.*' },
      { label: 'Cookbook', to: '/cookbook', activeBaseRegex: '^/cookbook/?.*' },
    ],
    cta: { label: 'Try Cloud', href: 'https://dagger.io/cloud' },
  },
  announcementBar: {
    id: 'new-docs-published-2025',
    content: 'We have launched a brand-new docs site 🎉 Looking for the previous one?',
    link: { label: 'Find it in our archive', href: 'https://archive.docs.dagger.io/0.18/' },
    closeable: true,
  },
  footer: {
    copyright: '© Dagger 2022-2025',
    links: [
      { label: 'Discord', href: 'https://discord.gg/dagger-io' },
      { label: 'X', href: 'https://twitter.com/dagger_io' },
      { label: 'GitHub', href: 'https://github.com/dagger/dagger' },
      { label: 'Daggerverse', href: 'https://daggerverse.dev' },
    ],
  },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
  search: {
    // Hosted search is used only when all three are set here or in the environment
    // (DOCSEARCH_APP_ID, DOCSEARCH_API_KEY, DOCSEARCH_INDEX_NAME); otherwise the embedded index.
    algolia: undefined,
    // "Let us know." on the no-results screen opens an issue titled with the query.
    feedbackUrl:
      'https://github.com/dagger/dagger/issues/new?title=docs%20search%3A%20no%20results%20for%20%22{query}%22',
    // Readers' words for what the docs call otherwise ("k8s" → Kubernetes).
    synonyms: 'search-synonyms.yml',
  },
  analytics: {
    // PostHog-compatible page views and the community-tracking script load only when configured
    // (POSTHOG_KEY, POSTHOG_HOST, COMMUNITY_SCRIPT_URL in the environment).
  },
  // "Copy MCP command" in the page menu: adds the docs' MCP server (docs mcp) to Claude Code, run
  // from a clone of this repository after `npm ci` (README, "Docs for agents").
  mcp: { command: 'claude mcp add dagger-docs -- node "$PWD/bin/docs.js" --root "$PWD" mcp' },
  // The SDK reference is generated from @dagger.io/dagger 0.18.19 (the registry here has no 0.18.16) and
  // leaves out what Dagger 0.18.16 lacks: the list in data/ is a schema diff of the two tags
  // (scripts/sdk-surface-diff.mjs), also used to reject TypeScript examples that use those names.
  plugins: [
    // The SDK reference (TypeDoc) and the GraphQL reference read from the same package's client.
    typescriptApi({
      package: '@dagger.io/dagger',
      title: 'Dagger TypeScript SDK',
      version: '0.18.19',
      overview: 'api-reference/overview.md',
      graphqlRoute: '/api/reference',
      exclude: 'data/api-absent-in-0.18.16.json',
    }),
    // `::cli-reference` on reference/cli.md: a section per command of the data file.
    cliReference({ data: 'data/cli.yaml' }),
    // API names in code samples link to the SDK reference (the resolver the content audit checks them with).
    linkedCode({ exclude: 'data/api-absent-in-0.18.16.json', cli: 'data/cli.yaml' }),
    // Names in TypeScript samples show their type on hover and focus: the compiler over every block
    // at once, set up as the examples' type check; cached by block.
    typeHovers(),
  ],
};

export default config;
