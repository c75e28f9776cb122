import path from 'node:path';
import ts from 'typescript';

/**
 * How the site's TypeScript samples are compiled: each block its own module, against the
 * installed SDK and Node's types. One setup for the type check of the examples
 * (test/content/typescript-check.ts) and the hovers (quick-info.ts), so a hover shows what the
 * check accepted.
 */
export const SAMPLE_COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  experimentalDecorators: true, // Dagger TypeScript modules use legacy decorators
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: ['node'],
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
};

export interface SamplesProgram {
  service: ts.LanguageService;
  program: ts.Program;
  /** The file of each block, in order: `<dir>/block-<i>.ts`, held in memory only. */
  files: string[];
}

/**
 * One language service over all `codes`, each a module in memory under `dir` (a folder of the
 * project, which need not exist, so that the SDK resolves from its node_modules). One program for
 * every block: the SDK's and the libraries' declarations are read and checked once.
 */
export function samplesProgram(codes: string[], dir: string): SamplesProgram {
  const files = codes.map((_, i) => path.resolve(dir, `block-${i}.ts`));
  // `export {}` keeps import-free snippets module-scoped; it comes after the code, so offsets in the block stay offsets in the file.
  const texts = new Map(files.map((file, i) => [file, `${codes[i]}\nexport {};\n`]));
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => SAMPLE_COMPILER_OPTIONS,
    getScriptFileNames: () => files,
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) => {
      const text = texts.get(file) ?? ts.sys.readFile(file);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => path.resolve(dir),
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (file) => texts.has(file) || ts.sys.fileExists(file),
    readFile: (file) => texts.get(file) ?? ts.sys.readFile(file),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  return { service, program: service.getProgram()!, files };
}
