import type { SourceDoc } from './content.ts';
import type { ProblemList } from './errors.ts';

/**
 * `{{name}}` in a doc's Markdown (prose, code blocks, frontmatter) is replaced by a value from the
 * site configuration before parsing, so a fact such as the documented release is typed once
 * (site.config.ts) instead of on every page that installs or pins it.
 *
 * Only a bare word between double braces is a placeholder: `${{ secrets.X }}` (GitHub Actions),
 * `{{.Names}}` and `{{ .Values }}` (Go and Helm templates) stay as written. A backslash keeps one
 * literally: `\{{version}}` shows `{{version}}`. An unknown word is a problem at its line, so a
 * typo never reaches a reader as raw braces.
 */
const PLACEHOLDER = /(\\?)(\$?)\{\{([A-Za-z][\w-]*)\}\}/g;

export type ContentVariables = Readonly<Record<string, string>>;

/** The variables every site has: `version`, the release the docs describe (docsVersion.shows). */
export function contentVariables(site: { docsVersion: { shows: string } }): ContentVariables {
  return { version: site.docsVersion.shows };
}

/** The doc with its placeholders filled; line numbers are unchanged (values are one line). */
export function fillVariables(doc: SourceDoc, variables: ContentVariables, problems: ProblemList): SourceDoc {
  if (!doc.source.includes('{{')) return doc;
  const source = doc.source.replace(
    PLACEHOLDER,
    (match, escape: string, dollar: string, name: string, offset: number) => {
      if (dollar) return match;
      if (escape) return match.slice(1);
      const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
      if (value !== undefined) return value;
      problems.add({
        file: doc.file,
        line: doc.source.slice(0, offset).split('\n').length,
        message: `unknown placeholder {{${name}}}`,
        hint: `Known: ${Object.keys(variables)
          .map((k) => `{{${k}}}`)
          .join(', ')}. To show the braces literally, write \\{{${name}}}.`,
      });
      return match;
    },
  );
  return source === doc.source ? doc : { ...doc, source };
}
