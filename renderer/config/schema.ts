import { z } from 'zod';
import { codeScheme } from '../../theme/shared/url-kinds.ts';
import { DICTIONARIES, isLocale } from '../../theme/shared/texts/index.ts';

/** An href that cannot run code: no javascript:, vbscript: or data: (controls inside are ignored by browsers). */
const runsNoCode = (s: string) => !codeScheme(s);
const noCode = 'javascript:, vbscript: and data: links are not allowed';
const href = z.string().min(1).refine(runsNoCode, noCode);
const link = z.object({ label: z.string().min(1), href });

/** The site configuration (`content/site.config.ts`). Defaults live here, next to the types. */
export const SiteConfigSchema = z
  .object({
    /** Site title, used in <title> and the navbar. */
    title: z.string().min(1),
    /** One-sentence summary; the home page description and llms.txt summary. */
    tagline: z.string().default(''),
    /** Production origin, without a trailing slash; canonical URLs and the sitemap use it. */
    url: z.string().url(),
    /** Path prefix the site is served under; always starts and ends with '/'. */
    baseUrl: z
      .string()
      .regex(/^\/(.*\/)?$/, 'must start and end with "/"')
      .default('/'),
    /** Product name shown in texts ("{product}" in the specification). */
    productName: z.string().min(1),
    /** Where the site's sources live, for "Edit this page" links (default: the git remote `origin`). */
    repository: z
      .object({
        url: z
          .string()
          .url()
          .regex(/^https?:\/\//, 'must be an http(s) URL'),
        branch: z.string().min(1).default('main'),
      })
      .strict()
      .optional(),
    /** `shows` is the release the docs describe; pages write it as {{version}} (content-variables.ts). */
    docsVersion: z
      .object({ name: z.string(), label: z.string(), shows: z.string() })
      .default({ name: 'current', label: 'Next', shows: '0.0.0' }),
    locales: z
      .object({
        /** Also selects the dictionary of the interface's words (theme/shared/texts/). */
        default: z.string().refine(
          (code): boolean => isLocale(code),
          (code) => ({
            message: `no dictionary for the locale "${code}" (there are: ${Object.keys(DICTIONARIES).join(', ')}; a new one is a file in theme/shared/texts/)`,
          }),
        ),
        all: z.array(z.string()).min(1),
      })
      .default({ default: 'en', all: ['en'] }),
    navbar: z.object({
      logo: z.object({ alt: z.string(), src: z.string(), href: href.default('/') }),
      items: z.array(
        z.object({ label: z.string(), to: z.string().startsWith('/'), activeBaseRegex: z.string().optional() }),
      ),
      cta: link.optional(),
    }),
    announcementBar: z
      .object({
        id: z.string().min(1),
        content: z.string(),
        link: link.optional(),
        closeable: z.boolean().default(true),
      })
      .optional(),
    footer: z.object({ copyright: z.string(), links: z.array(link).default([]) }),
    colorMode: z
      .object({
        defaultMode: z.enum(['light', 'dark']).default('light'),
        disableSwitch: z.boolean().default(false),
        respectPrefersColorScheme: z.boolean().default(false),
      })
      .default({}),
    search: z
      .object({
        algolia: z
          .object({
            appId: z.string().min(1),
            apiKey: z.string().min(1),
            indexName: z.string().min(1),
            /** Hosts to query instead of Algolia's own (tests point this at a local server). */
            hosts: z.array(z.string()).optional(),
          })
          .optional(),
        /** Regex of result URLs that are external to the site even on the same domain. */
        externalUrlRegex: z.string().optional(),
        /** Rewrites result pathnames: `{ from: regex, to: replacement }`. */
        replaceSearchResultPathname: z.object({ from: z.string(), to: z.string() }).optional(),
        /**
         * Where the no-results screen's "Let us know." link leads, with `{query}` replaced by the
         * URL-encoded query (write the rest already encoded). Unset: the screen has no such line.
         */
        feedbackUrl: z.string().url().refine(runsNoCode, noCode).optional(),
        /**
         * A YAML file, relative to content/, of search synonyms: a phrase readers type → the
         * docs' word or words for it (`k8s: Kubernetes`). Used by the embedded index at query time
         * and written for hosted engines beside records.json (renderer/search/synonyms.ts).
         */
        synonyms: z.string().min(1).optional(),
      })
      .default({}),
    analytics: z
      .object({
        posthog: z.object({ apiKey: z.string().min(1), apiHost: z.string().url() }).optional(),
        communityScriptUrl: z.string().optional(),
      })
      .default({}),
    /**
     * Extensions of the engine: each a `DocsPlugin` (renderer/plugins/types.ts, typed there: this
     * schema is also read by the theme's compiler), checked and set up by renderer/plugins/load.ts.
     */
    plugins: z.array(z.custom<{ readonly name: string; setup(...args: never[]): unknown }>(() => true)).default([]),
    /** The docs' MCP server (`docs mcp`, `/mcp` of `docs serve`). */
    mcp: z
      .object({
        /** The command readers copy from the page menu to add the server to their agent; no menu item when unset. */
        command: z.string().min(1).optional(),
      })
      .strict()
      .default({}),
  })
  .strict();

export type SiteConfigInput = z.input<typeof SiteConfigSchema>;
export type SiteConfig = z.output<typeof SiteConfigSchema>;
