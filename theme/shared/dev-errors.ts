/**
 * Developer-facing errors (no reader sees them), spec §8: English in every locale, as build
 * errors are. Apart from the readers' texts (texts/) so that the first-load bundle, which needs
 * those, does not carry these.
 */
export const DEV_ERRORS = {
  colorModeOutsideProvider:
    'useColorMode() was called outside <ColorModeProvider>. Wrap the component tree in <ColorModeProvider>.',
  missingRouteContext:
    'Route context is missing: the page was rendered without PageData. Pass `page` from renderer/page-data.ts.',
  missingDocsData:
    'Docs plugin data is missing: the page was rendered without SiteData. Pass `site` from the loaded config.',
  pageWithoutDefaultExport: (file: string) => `${file}: a page module must "export default" a React component.`,
} as const;
