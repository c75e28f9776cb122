import GithubSlugger, { slug } from 'github-slugger';

/**
 * Heading anchors, GitHub's way (github-slugger): the page, the links that point into it
 * (API and CLI references, linked code) and search's section anchors must all agree, so they
 * all come from here.
 */

/** The anchor of one heading text, with no regard to repeats on its page. */
export const headingSlug: (text: string) => string = slug;

/** Anchors unique on one page: a repeated text gets `-1`, `-2`, … in document order. */
export function headingSlugger(): GithubSlugger {
  return new GithubSlugger();
}

/** The anchors of a page's headings, in order, repeats numbered. */
export function headingSlugs(headings: readonly string[]): string[] {
  const slugger = new GithubSlugger();
  return headings.map((text) => slugger.slug(text));
}
