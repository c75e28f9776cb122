import { z } from 'zod';

/**
 * The longest page description: what search engines show of a meta description, and what
 * link previews and the search excerpt keep. Hand-written pages must stay within it; the SDK
 * reference generator cuts its summaries to it.
 */
export const DESCRIPTION_MAX = 160;

/** Frontmatter a doc page may carry. Unknown keys are an error so typos do not pass silently. */
export const FrontmatterSchema = z
  .object({
    title: z.string().min(1, 'a page needs a title'),
    description: z
      .string()
      .max(DESCRIPTION_MAX, `at most ${DESCRIPTION_MAX} characters: search engines cut longer descriptions`)
      .optional(),
    /** The page's visible h1 when it should differ from its title (the title stays in <title>, sidebar and search). */
    heading: z.string().min(1).optional(),
    sidebar_label: z.string().min(1).optional(),
    sidebar_position: z.number().optional(),
    // The slug becomes a path under the output folder: no "..", ".", empty segments or controls.
    slug: z
      .string()
      .startsWith('/')
      .regex(
        /^(\/(?!\.\.?(\/|$))[^/\\?#\u0000-\u001f\u007f]+)*\/?$/,
        'a route such as /guide/install: no "..", ".", "//", "\\", "?", "#" or control characters',
      )
      .optional(),
    id: z
      .string()
      .regex(/^[\w.-]+$/, 'letters, digits, ".", "_" and "-" only')
      .optional(),
    hide_table_of_contents: z.boolean().default(false),
    /** The deepest heading level listed in the TOC: 2 keeps a long page's TOC to its sections. */
    toc_max_heading_level: z.union([z.literal(2), z.literal(3)]).default(3),
    /**
     * `null` hides the previous/next link for pages outside a reading order (a FAQ, a
     * contributing guide); they default to the neighbours in the sidebar.
     */
    pagination_prev: z.null().optional(),
    pagination_next: z.null().optional(),
    /** Hides the page from search and sitemap, e.g. for pages reachable only by link. */
    unlisted: z.boolean().default(false),
  })
  .strict();

export type Frontmatter = z.output<typeof FrontmatterSchema>;
