import { TEXTS } from '../shared/texts/index.ts';

/** Assistants that open a conversation from a prompt in their URL. */
const ASSISTANTS = [
  { name: 'ChatGPT', url: (prompt: string) => `https://chatgpt.com/?q=${encodeURIComponent(prompt)}` },
  { name: 'Claude', url: (prompt: string) => `https://claude.ai/new?q=${encodeURIComponent(prompt)}` },
];

/**
 * The page menu beside a doc's title (WAI-ARIA menu button): copy the page as Markdown, view it,
 * open it in an assistant, copy the MCP command. Static HTML; its behaviour
 * (theme/client/page-actions.ts) loads when the reader first comes near it.
 */
export function PageActions({
  markdownHref,
  markdownUrl,
  mcpCommand,
}: {
  markdownHref: string;
  markdownUrl: string;
  mcpCommand?: string;
}) {
  const prompt = TEXTS.pageActions.prompt(markdownUrl);
  return (
    <div className="page-actions" data-lazy="page-actions">
      <button
        type="button"
        className="page-actions-button"
        id="page-actions-button"
        aria-haspopup="menu"
        aria-expanded="false"
        aria-controls="page-actions-menu"
      >
        {TEXTS.pageActions.button}
      </button>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA menu pattern: a list of menu items with arrow-key focus (theme/client). */}
      <ul className="page-actions-menu" id="page-actions-menu" role="menu" aria-labelledby="page-actions-button" hidden>
        <li role="none">
          <button type="button" role="menuitem" tabIndex={-1} data-copy-url={markdownHref}>
            {TEXTS.copyPageMarkdown}
          </button>
        </li>
        <li role="none">
          <a role="menuitem" tabIndex={-1} href={markdownHref} target="_blank" rel="noopener">
            {TEXTS.pageActions.viewMarkdown}
          </a>
        </li>
        {ASSISTANTS.map((a) => (
          <li role="none" key={a.name}>
            <a role="menuitem" tabIndex={-1} href={a.url(prompt)} target="_blank" rel="noopener noreferrer">
              {TEXTS.pageActions.openIn(a.name)}
            </a>
          </li>
        ))}
        {mcpCommand && (
          <li role="none">
            <button type="button" role="menuitem" tabIndex={-1} data-copy-text={mcpCommand}>
              {TEXTS.pageActions.copyMcp}
            </button>
          </li>
        )}
      </ul>
      <span className="visually-hidden" role="status" data-copied={TEXTS.copied} />
    </div>
  );
}
