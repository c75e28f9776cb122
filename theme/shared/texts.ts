/**
 * The dictionary browser code reads, as a namespace (`import * as TEXTS from '../shared/texts.ts'`),
 * so the bundle keeps only the texts it uses. English here; the client bundler points this file
 * at the site's locale (`texts/<locale>.ts`, renderer/bundle-client.ts). Server code reads `TEXTS`
 * of texts/index.ts instead, which follows the site's locale.
 */
export * from './texts/en.ts';
