import type { Sidebars } from '../theme/shared/types.ts';

/**
 * The five sidebars of the site. Items are doc ids (a doc's path under content/docs without
 * extension; `x/index.md` has the id `x`), `{ type: 'doc' }` with a label override,
 * categories, or links. Categories are always open unless `collapsible: true`; the six the
 * real site starts closed have `collapsed: true` too (as does the generated SDK reference,
 * `{ type: 'generated', plugin: 'typescript-api' }`, which is long). The category of the current page is always open,
 * and opening one never closes another.
 */
const sidebars: Sidebars = {
  current: [
    {
      type: 'category',
      label: 'Introduction',
      items: ['index', 'use-cases', 'examples'],
    },
    {
      type: 'category',
      label: 'Features',
      items: [
        'features/programmability',
        'features/reusability',
        'features/caching',
        'features/observability',
        'features/sandbox',
        'features/secrets',
        'features/llm',
        'features/shell',
      ],
    },
    'faq',
  ],
  gettingStarted: [
    {
      type: 'category',
      label: 'Getting Started',
      items: [
        { type: 'doc', id: 'getting-started', label: 'Overview' },
        'getting-started/installation',
        'getting-started/concepts',
      ],
    },
    {
      type: 'category',
      label: 'Quickstarts',
      items: [
        'getting-started/quickstarts/basics',
        'getting-started/quickstarts/ci',
        'getting-started/quickstarts/agent',
        'getting-started/quickstarts/agent-in-project',
      ],
    },
    {
      type: 'category',
      label: 'Calling the Dagger API',
      collapsible: true,
      collapsed: true,
      items: ['getting-started/api/cli', 'getting-started/api/sdk', 'getting-started/api/http'],
    },
    {
      type: 'category',
      label: 'Types',
      collapsible: true,
      collapsed: true,
      items: [
        { type: 'doc', id: 'getting-started/types', label: 'Overview' },
        'getting-started/types/container',
        'getting-started/types/directory',
        'getting-started/types/file',
        'getting-started/types/secret',
        'getting-started/types/service',
        'getting-started/types/llm',
        'getting-started/types/env',
        'getting-started/types/cachevolume',
        'getting-started/types/git',
      ],
    },
    {
      type: 'category',
      label: 'Integrating with CI',
      collapsible: true,
      collapsed: true,
      items: [
        'getting-started/ci-integrations/argo-workflows',
        'getting-started/ci-integrations/aws-codebuild',
        'getting-started/ci-integrations/azure-pipelines',
        'getting-started/ci-integrations/circleci',
        'getting-started/ci-integrations/gitlab-ci',
        'getting-started/ci-integrations/github-actions',
        'getting-started/ci-integrations/github',
        'getting-started/ci-integrations/jenkins',
        'getting-started/ci-integrations/tekton',
      ],
    },
  ],
  extending: [
    {
      type: 'category',
      label: 'Extending Dagger',
      items: [{ type: 'doc', id: 'extending', label: 'Overview' }],
    },
    {
      type: 'category',
      label: 'Developing Modules',
      items: [
        'extending/modules',
        'extending/functions',
        'extending/arguments',
        'extending/return-types',
        'extending/chaining',
        'extending/secrets',
        'extending/services',
        'extending/cache-volumes',
        'extending/llm',
        'extending/documentation',
        'extending/remote-repositories',
        'extending/module-dependencies',
        'extending/packages',
        'extending/constructors',
        'extending/error-handling',
        'extending/enumerations',
        'extending/custom-types',
        'extending/interfaces',
        'extending/state',
        'extending/api-playground',
        {
          type: 'link',
          label: 'Module Configuration Schema',
          href: '/reference/dagger.schema.json',
        },
      ],
    },
    {
      type: 'category',
      label: 'Custom Applications',
      items: [
        'extending/custom-applications/go',
        'extending/custom-applications/python',
        'extending/custom-applications/typescript',
        'extending/custom-applications/php',
      ],
    },
  ],
  reference: [
    {
      type: 'category',
      label: 'Reference',
      items: [
        { type: 'doc', id: 'reference', label: 'Overview' },
        'reference/glossary',
        'reference/cli',
        'reference/ide-setup',
        'reference/troubleshooting',
      ],
    },
    {
      type: 'category',
      label: 'Configuration',
      collapsible: true,
      collapsed: true,
      items: [
        'reference/configuration/cloud',
        'reference/configuration/cache',
        'reference/configuration/engine',
        'reference/configuration/llm',
        'reference/configuration/modules',
        'reference/configuration/custom-runner',
        'reference/configuration/custom-ca',
        'reference/configuration/proxy',
        {
          type: 'link',
          label: 'Engine Configuration Schema',
          href: '/reference/engine.schema.json',
        },
      ],
    },
    {
      type: 'category',
      label: 'API and SDKs',
      collapsible: true,
      collapsed: true,
      items: [
        'reference/api/internals',
        { type: 'doc', id: 'api/reference', label: 'GraphQL API Reference' },
        { type: 'link', label: 'Go SDK Reference', href: 'https://pkg.go.dev/dagger.io/dagger' },
        { type: 'link', label: 'PHP SDK Reference', href: 'https://packagist.org/packages/dagger/dagger' },
        { type: 'link', label: 'Python SDK Reference', href: 'https://dagger-io.readthedocs.org/' },
        { type: 'generated', plugin: 'typescript-api', label: 'TypeScript SDK Reference' },
      ],
    },
    {
      type: 'category',
      label: 'Container Runtimes',
      collapsible: true,
      collapsed: true,
      items: [
        'reference/container-runtimes/kubernetes',
        'reference/container-runtimes/podman',
        'reference/container-runtimes/nerdctl',
        'reference/container-runtimes/apple-container',
      ],
    },
    {
      type: 'category',
      label: 'Best Practices',
      items: [
        'reference/best-practices/monorepos',
        'reference/best-practices/modules',
        'reference/best-practices/adopting',
        'reference/best-practices/contributing',
      ],
    },
  ],
  cookbook: [
    {
      type: 'category',
      label: 'Cookbook',
      items: [
        { type: 'doc', id: 'cookbook', label: 'Overview' },
        'cookbook/filesystems',
        'cookbook/containers',
        'cookbook/agents',
        'cookbook/secrets',
        'cookbook/services',
        'cookbook/builds',
        'cookbook/errors',
      ],
    },
  ],
};

export default sidebars;
