/**
 * Queries a Dagger user types, each with the page that must be among the first three pages
 * the search returns. Answers come from /work/shared/routes.txt and the pages' titles and
 * headings; `also` names a second page only where two pages answer equally well (e.g. the
 * SDK class page and the guide to the same type). Typos are deliberate.
 * Used by test/search/relevance.test.ts and bench/search.mjs.
 */
export interface RelevanceCase {
  query: string;
  route: string;
  also?: string[];
}

const SDK = '/reference/typescript/api/client.gen';

export const RELEVANCE_SET: RelevanceCase[] = [
  // SDK API names
  { query: 'withExec', route: `${SDK}/classes/Container`, also: ['/getting-started/types/container'] },
  {
    query: 'withMountedCache',
    route: `${SDK}/classes/Container`,
    also: ['/getting-started/types/cachevolume', '/extending/cache-volumes'],
  },
  { query: 'withSecretVariable', route: `${SDK}/classes/Container`, also: ['/getting-started/types/secret'] },
  { query: 'ExecError', route: '/reference/typescript/common/errors/classes/ExecError' },
  { query: 'CacheSharingMode', route: `${SDK}/enumerations/CacheSharingMode` },
  { query: 'ImageMediaTypes', route: `${SDK}/enumerations/ImageMediaTypes` },
  { query: 'dag variable', route: `${SDK}/variables/dag` },
  { query: 'GitRepository', route: `${SDK}/classes/GitRepository`, also: ['/getting-started/types/git'] },
  { query: 'connect function', route: '/reference/typescript/connect/functions/connect' },
  // Guides and features
  { query: 'cache volume', route: '/extending/cache-volumes', also: ['/getting-started/types/cachevolume'] },
  { query: 'secrets from env', route: '/cookbook/secrets', also: ['/features/secrets'] },
  { query: 'github actions', route: '/getting-started/ci-integrations/github-actions' },
  { query: 'gitlab ci', route: '/getting-started/ci-integrations/gitlab-ci' },
  { query: 'jenkins', route: '/getting-started/ci-integrations/jenkins' },
  { query: 'circleci', route: '/getting-started/ci-integrations/circleci' },
  { query: 'tekton', route: '/getting-started/ci-integrations/tekton' },
  { query: 'argo workflows', route: '/getting-started/ci-integrations/argo-workflows' },
  { query: 'azure pipelines', route: '/getting-started/ci-integrations/azure-pipelines' },
  { query: 'aws codebuild', route: '/getting-started/ci-integrations/aws-codebuild' },
  { query: 'llm agent', route: '/getting-started/quickstarts/agent', also: ['/features/llm'] },
  { query: 'install on mac', route: '/getting-started/installation' },
  { query: 'homebrew', route: '/getting-started/installation' },
  { query: 'kubernetes', route: '/reference/container-runtimes/kubernetes' },
  { query: 'podman', route: '/reference/container-runtimes/podman' },
  { query: 'nerdctl', route: '/reference/container-runtimes/nerdctl' },
  { query: 'openshift', route: '/reference/container-runtimes/openshift' },
  { query: 'apple container runtime', route: '/reference/container-runtimes/apple-container' },
  { query: 'custom certificate authority', route: '/reference/configuration/custom-ca' },
  { query: 'http proxy', route: '/reference/configuration/proxy' },
  { query: 'engine.json', route: '/reference/configuration/engine' },
  { query: 'custom runner', route: '/reference/configuration/custom-runner' },
  { query: 'llm providers openai', route: '/reference/configuration/llm' },
  { query: 'garbage collection', route: '/reference/configuration/cache' },
  { query: 'observability traces', route: '/features/observability' },
  { query: 'interactive shell', route: '/features/shell' },
  { query: 'open a terminal when a command fails', route: '/cookbook/errors' },
  { query: 'glossary', route: '/reference/glossary' },
  { query: 'ide setup', route: '/reference/ide-setup' },
  { query: 'monorepo', route: '/reference/best-practices/monorepos' },
  { query: 'enumerations', route: '/extending/enumerations' },
  { query: 'interfaces', route: '/extending/interfaces' },
  { query: 'constructor', route: '/extending/constructors' },
  { query: 'default value arguments', route: '/extending/arguments' },
  { query: 'error handling', route: '/extending/error-handling' },
  { query: 'module dependencies', route: '/extending/module-dependencies' },
  { query: 'daggerverse', route: '/extending/daggerverse' },
  { query: 'graphql playground', route: '/extending/api-playground' },
  { query: 'third-party packages', route: '/extending/packages' },
  { query: 'expose service to host', route: '/extending/services', also: ['/features/services'] },
  { query: 'key concepts', route: '/getting-started/concepts' },
  { query: 'mcp server', route: '/cookbook/agents', also: ['/features/llm'] },
  // Typos
  { query: 'contianer', route: '/getting-started/types/container', also: [`${SDK}/classes/Container`] },
  { query: 'kubernets', route: '/reference/container-runtimes/kubernetes' },
  { query: 'instalation', route: '/getting-started/installation' },
  { query: 'github actons', route: '/getting-started/ci-integrations/github-actions' },
  { query: 'obsevability', route: '/features/observability' },
  { query: 'enumeratoins', route: '/extending/enumerations' },
];
