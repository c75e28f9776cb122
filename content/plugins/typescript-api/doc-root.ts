/**
 * Where the generated TypeScript reference lives. Its own small file: the sidebar and llms.txt
 * name these ids without loading the generator (and TypeDoc) that model.ts brings.
 */

/** Doc id (= route without the leading `/`) of the reference overview. */
export const DOC_ROOT = 'reference/typescript';

/** Doc id of the modules index, the page the reference's sidebar category links to. */
export const MODULES_DOC_ID = `${DOC_ROOT}/modules`;
