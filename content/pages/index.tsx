import type { SiteData } from '../../theme/shared/types.ts';
import { withBase } from '../../theme/shared/routes.ts';

export const meta = {
  title: 'Dagger Documentation',
  description: 'Dagger is an open-source runtime for composable workflows: build, test and ship with repeatable pipelines and AI agents, in the language you already use.',
};

// `id`: the anchor docs.dagger.io's home page gave its section on the topic.
const ways: { title: string; id?: string; body: string; href: string; cta: string }[] = [
  {
    title: 'Pipelines',
    body: 'Replace brittle YAML and shell scripts with workflows written as code. Every step runs in a container, is cached, and behaves the same on a laptop and in CI.',
    href: '/getting-started/quickstarts/ci',
    cta: 'Build a CI workflow',
  },
  {
    title: 'Modules',
    id: 'modules',
    body: 'Package functions in Go, Python or TypeScript as modules, call them from the CLI, and share them with your team or on the Daggerverse.',
    href: '/extending',
    cta: 'Write a module',
  },
  {
    title: 'Agents',
    body: 'Give an LLM a sandboxed environment of Dagger objects and let it build, test and fix code, with every tool call traced.',
    href: '/getting-started/quickstarts/agent',
    cta: 'Build an AI agent',
  },
];

const starts = [
  { label: 'Install the CLI', href: '/getting-started/installation' },
  { label: 'Key concepts', href: '/getting-started/concepts' },
  { label: 'Quickstart: the basics', href: '/getting-started/quickstarts/basics' },
  { label: 'Run Dagger in GitHub Actions', href: '/getting-started/ci-integrations/github-actions' },
  { label: 'Cookbook recipes', href: '/cookbook' },
  { label: 'CLI reference', href: '/reference/cli' },
];

/** The landing page: what Dagger is, for whom, and the three ways in. */
export default function Home({ site }: { site: SiteData }) {
  const to = (href: string) => withBase(site.baseUrl, href);
  return (
    <div className="home">
      <section className="home-hero">
        <p className="home-eyebrow">Documentation · v{site.docsVersion.shows}</p>
        <h1>Composable workflows for CI/CD and AI agents</h1>
        <p className="home-lead">
          Dagger runs your build, test and delivery logic as code, in containers, with caching and tracing built in. Write it once in Go, Python or
          TypeScript and run it anywhere a container runtime runs.
        </p>
        <div className="home-actions">
          <a className="button" href={to('/getting-started')}>Get started</a>
          <a className="button button-secondary" href={to('/getting-started/concepts')}>How Dagger works</a>
        </div>
        <div className="home-install">
          <p>Install the CLI on macOS or Linux:</p>
          <pre><code>curl -fsSL https://dl.dagger.io/dagger/install.sh | BIN_DIR=$HOME/.local/bin sh</code></pre>
          <p className="home-install-alt">
            Or with Homebrew: <code>brew install dagger/tap/dagger</code>. Windows and other options: <a href={to('/getting-started/installation')}>installation guide</a>.
          </p>
        </div>
      </section>
      <section className="home-section" aria-labelledby="ways">
        {/* Anchors of docs.dagger.io's home page land on the matching sections. */}
        <h2 id="ways"><span id="common-use-cases" className="heading-alias"></span>Three ways in</h2>
        <div className="home-cards">
          {ways.map((w) => (
            <a key={w.title} className="home-card" href={to(w.href)}>
              <h3 id={w.id}>{w.title}</h3>
              <p>{w.body}</p>
              <span className="home-card-cta">{w.cta} →</span>
            </a>
          ))}
        </div>
      </section>
      <section className="home-section" aria-labelledby="who">
        <h2 id="who">Who it is for</h2>
        <div className="home-columns">
          <div>
            <h3>Platform and DevOps engineers</h3>
            <p>Standardise builds across repositories with reusable modules, run the same pipeline locally and in any CI, and see every step in a trace.</p>
          </div>
          <div>
            <h3>Application developers</h3>
            <p>Test against real databases and services, reproduce CI failures on your machine, and debug a failing step in an interactive terminal.</p>
          </div>
          <div>
            <h3>AI engineers</h3>
            <p>Build agents that act inside isolated containers, with typed tools, cached steps and full observability of what the model did.</p>
          </div>
        </div>
      </section>
      <section className="home-section" aria-labelledby="start">
        <h2 id="start"><span id="get-started" className="heading-alias"></span>Popular starting points</h2>
        <ul className="home-links">
          {starts.map((s) => (
            <li key={s.href}><a href={to(s.href)}>{s.label}</a></li>
          ))}
        </ul>
      </section>
    </div>
  );
}
