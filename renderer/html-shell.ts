import { cspHash } from './inline-script.ts';
import type { PageData, SiteData } from '../theme/shared/types.ts';
import { toClientData } from '../theme/shared/client-data.ts';
import { withBase } from '../theme/shared/routes.ts';
import { prePaintScript } from './pre-paint-script.ts';
import type { ShareCardMeta } from './share-cards/index.ts';
import type { HeadTag } from './plugins/types.ts';
import { escapeAttribute } from '../theme/shared/escape.ts';
import { TEXTS } from '../theme/shared/texts/index.ts';
import { CHOICE_ATTRIBUTE, MODE_ATTRIBUTE } from '../theme/color-mode/rules.ts';

export interface Assets {
  js: string;
  css: string;
  /** The print stylesheet, linked with media="print" (never render-blocking). */
  printCss?: string;
  /** Chunks worth preloading with the entry. */
  preload: string[];
}

/** JSON safe inside a <script> element: no `</script>`, no U+2028/2029 surprises. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The only inline script, and its CSP hash. */
export function inlineScript(site: SiteData): { code: string; hash: string } {
  // The announcement id sits in a JS string here: `</script>`, `<script` or `<!--` in it must not
  // change how the HTML parser reads the element. The code has no `<` outside its strings.
  const code = prePaintScript(site.colorMode, site.announcementBar?.id).replace(/<(?=\/?script|!--)/gi, '\\u003c');
  return { code, hash: cspHash(code) };
}

/** A plugin's head tag (renderer/plugins/types.ts) as HTML; `true` is an attribute without a value. */
function headTag({ tag, attributes }: HeadTag): string {
  const attrs = Object.entries(attributes)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`))
    .join('');
  return tag === 'script' ? `<script${attrs}></script>` : `<${tag}${attrs}>`;
}

/** A full HTML document around the rendered top, region and bottom. */
export function htmlShell(opts: {
  site: SiteData;
  page: PageData;
  assets: Assets;
  top: string;
  region: string;
  bottom: string;
  markdownHref?: string;
  jsonLd?: unknown;
  noindex?: boolean;
  shareCard?: ShareCardMeta;
  head?: readonly HeadTag[];
}): string {
  const { site, page, assets } = opts;
  const canonical = site.url + withBase(site.baseUrl, page.route === '/' ? '/' : page.route);
  const description = page.description ?? site.tagline;
  const script = inlineScript(site);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeAttribute(page.documentTitle)}</title>`,
    `<meta name="description" content="${escapeAttribute(description)}">`,
    `<link rel="canonical" href="${escapeAttribute(canonical)}">`,
    `<meta property="og:type" content="${page.kind === 'doc' ? 'article' : 'website'}">`,
    `<meta property="og:site_name" content="${escapeAttribute(site.title)}">`,
    `<meta property="og:title" content="${escapeAttribute(page.documentTitle)}">`,
    `<meta property="og:description" content="${escapeAttribute(description)}">`,
    `<meta property="og:url" content="${escapeAttribute(canonical)}">`,
    `<meta property="og:locale" content="${escapeAttribute(site.locales.default)}">`,
    ...(opts.shareCard
      ? [
          `<meta property="og:image" content="${escapeAttribute(opts.shareCard.url)}">`,
          '<meta property="og:image:type" content="image/png">',
          `<meta property="og:image:width" content="${opts.shareCard.width}">`,
          `<meta property="og:image:height" content="${opts.shareCard.height}">`,
          `<meta property="og:image:alt" content="${escapeAttribute(opts.shareCard.alt)}">`,
          '<meta name="twitter:card" content="summary_large_image">',
          `<meta name="twitter:image" content="${escapeAttribute(opts.shareCard.url)}">`,
          `<meta name="twitter:image:alt" content="${escapeAttribute(opts.shareCard.alt)}">`,
        ]
      : ['<meta name="twitter:card" content="summary">']),
    `<meta name="docs-version" content="${escapeAttribute(site.docsVersion.name)}">`,
    opts.noindex ? '<meta name="robots" content="noindex">' : '',
    `<link rel="icon" href="${withBase(site.baseUrl, '/img/favicon.svg')}" type="image/svg+xml">`,
    opts.markdownHref ? `<link rel="alternate" type="text/markdown" href="${escapeAttribute(opts.markdownHref)}">` : '',
    // The index of every page's Markdown copy, for agents that land on any page (llmstxt.org).
    `<link rel="describedby" type="text/markdown" href="${withBase(site.baseUrl, '/llms.txt')}" title="llms.txt">`,
    `<script>${script.code}</script>`,
    `<link rel="stylesheet" href="${assets.css}">`,
    ...(assets.printCss ? [`<link rel="stylesheet" href="${assets.printCss}" media="print">`] : []),
    `<script type="module" src="${assets.js}"></script>`,
    ...assets.preload.map((p) => `<link rel="modulepreload" href="${p}">`),
    opts.jsonLd ? `<script type="application/ld+json">${scriptJson(opts.jsonLd)}</script>` : '',
    `<script type="application/json" id="__docs">${scriptJson(toClientData(site))}</script>`,
    ...(opts.head ?? []).map(headTag),
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${escapeAttribute(site.locales.default)}" dir="${TEXTS.direction}" ${MODE_ATTRIBUTE}="${site.colorMode.defaultMode}" ${CHOICE_ATTRIBUTE}="${site.colorMode.defaultMode}">
<head>
${head.join('\n')}
</head>
<body>
${opts.top}
<div id="page" data-route="${escapeAttribute(page.route)}">${opts.region}</div>
${opts.bottom}
</body>
</html>
`;
}
