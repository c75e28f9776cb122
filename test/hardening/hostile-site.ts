/**
 * A fixture site with hostile strings in every place a writer's or maintainer's text reaches a
 * page: frontmatter title, description and sidebar label, headings (so the TOC), link text and
 * hrefs, code titles and code, admonition and tab labels, the announcement (text, id, link), the
 * site title, navbar and footer. Used by test/hardening/hostile.test.ts (the HTML written) and
 * test/e2e/hardening-hostile.test.ts (what a browser does with it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { FIXTURE } from '../helpers/site.ts';

export const PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '</script><script>alert(1)</script>',
  '<!--<script>alert(1)//-->',
  '${alert(1)}{{constructor.constructor("alert(1)")()}}',
  'line\u2028sep\u2029end',
];

/** One string holding every payload, for fields that take a single value. */
export const ALL = PAYLOADS.join(' ');

/** A YAML double-quoted scalar: JSON escapes are YAML escapes, and U+2028/9 are escaped too. */
const yaml = (s: string) =>
  JSON.stringify(s)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
/** Markdown text that shows `<…>` literally instead of being dropped as raw HTML. */
const md = (s: string) => s.replace(/</g, '\\<');

export function hostilePage(): string {
  return `---
title: ${yaml(`Hostile ${ALL}`)}
description: ${yaml(`Described ${PAYLOADS.slice(0, 3).join(' ')} ${PAYLOADS[6]}`)}
sidebar_label: ${yaml(`Label ${PAYLOADS[1]}`)}
---

${PAYLOADS.map((p, i) => `## Heading ${i} ${md(p)}\n\nText ${md(p)} and \`${p}\` in code.\n`).join('\n')}
### Sub \`</script><script>alert(1)</script>\`

[link text ${md(PAYLOADS[1])}](https://example.com/"><img/src=x/onerror=alert(1)>)
[query link](/guide?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E)
[anchor link](#heading-0-scriptalert1script)
<https://example.com/?q="><script>alert(1)</script>>

\`\`\`js title=${JSON.stringify(PAYLOADS[3])}
const s = "</script><script>alert(1)</script>";
\`\`\`

\`\`\`html title='"><img src=x onerror=alert(1)>'
<script>alert(1)</script><img src=x onerror=alert(1)>
\`\`\`

:::note[${md(PAYLOADS[1])}]
Inside ${md(PAYLOADS[0])}.
:::

::::tabs{group="x&quot;]&lt;img src=x onerror=alert(1)&gt;"}
:::tab[${md(PAYLOADS[1])}]
First tab ${md(PAYLOADS[2])}.
:::
:::tab[Second ${md(PAYLOADS[0])}]
Second tab.
:::
::::

:::details[${md(PAYLOADS[0])}]
Details ${md(PAYLOADS[1])}.
:::
`;
}

/** Edits for fixtureCopy: the hostile page in the guide's sidebar, and a hostile site config. */
export function hostileEdits(): Record<string, string> {
  let config = fs.readFileSync(path.join(FIXTURE, 'site.config.ts'), 'utf8');
  const swap = (from: string, to: string) => {
    if (!config.includes(from)) throw new Error(`fixture config changed: ${from}`);
    config = config.replace(from, to);
  };
  swap("title: 'Fixture',", `title: ${JSON.stringify(`Fixture ${PAYLOADS[0]}`)},`);
  swap(
    "announcementBar: {\n    id: 'fixture-1',\n    content: 'A new site launched.',\n    link: { label: 'Old docs', href: 'https://example.com/old' },\n    closeable: true,\n  },",
    `announcementBar: { id: ${JSON.stringify(`ann-${PAYLOADS[3]}${PAYLOADS[4]}`)}, content: ${JSON.stringify(`News ${ALL}`)}, link: { label: ${JSON.stringify(PAYLOADS[1])}, href: ${JSON.stringify('https://example.com/"><img src=x onerror=alert(1)>')} }, closeable: true },`,
  );
  swap("copyright: '© Fixture',", `copyright: ${JSON.stringify(`© ${PAYLOADS[0]}`)},`);
  swap("{ label: 'Other', to: '/other' },", `{ label: ${JSON.stringify(`Other ${PAYLOADS[1]}`)}, to: '/other' },`);
  const sidebars = fs
    .readFileSync(path.join(FIXTURE, 'sidebars.ts'), 'utf8')
    .replace("'guide/usage'", "'guide/usage', 'guide/hostile'");
  return { 'site.config.ts': config, 'sidebars.ts': sidebars, 'docs/guide/hostile.md': hostilePage() };
}
