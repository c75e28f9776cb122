import fs from 'node:fs';
import path from 'node:path';
import { Application, LogLevel, normalizePath, type JSONOutput } from 'typedoc';
import { PROJECT_ROOT } from './paths.ts';

/** The modules the reference documents, and their declaration files under the package's `dist`. */
export const ENTRY_POINTS = [
  { module: 'api/client.gen', file: 'api/client.gen.d.ts' },
  { module: 'common/errors', file: 'common/errors/index.d.ts' },
  { module: 'connect', file: 'connect.d.ts' },
] as const;

/** The module holding the generated API client, whose classes mirror the GraphQL schema. */
export const CLIENT_MODULE = ENTRY_POINTS[0].module;

/** Folders that have held the declaration files across SDK releases. */
const DECLARATION_ROOTS = ['dist/src', 'dist'];

/** Absolute entry point paths inside an unpacked package; throws when a file is missing. */
export function entryPointFiles(packageName: string, packageDir: string): string[] {
  for (const root of DECLARATION_ROOTS) {
    const files = ENTRY_POINTS.map((e) => path.join(packageDir, root, e.file));
    if (files.every((f) => fs.existsSync(f))) return files;
  }
  throw new Error(
    `${packageName} in ${packageDir} lacks the declaration files ${ENTRY_POINTS.map((e) => e.file).join(', ')} under ${DECLARATION_ROOTS.join(' or ')}`,
  );
}

/**
 * Runs TypeDoc on the package's declaration files and returns its JSON model. No tsconfig or
 * typedoc.json is read (the options below are the whole configuration), so the output depends
 * only on the package, TypeDoc and TypeScript.
 */
export async function projectToJson(packageName: string, packageDir: string): Promise<JSONOutput.ProjectReflection> {
  const app = await Application.bootstrapWithPlugins(
    {
      name: packageName,
      entryPoints: entryPointFiles(packageName, packageDir),
      entryPointStrategy: 'resolve',
      plugin: [],
      readme: 'none',
      // Protected and private members are implementation details of the generated client.
      excludePrivate: true,
      excludeProtected: true,
      // Declaration files of a published package need not type-check against our versions of
      // its dependencies; TypeDoc only needs their shapes.
      skipErrorChecking: true,
      disableSources: true,
      logLevel: LogLevel.Error,
      compilerOptions: {
        target: 'es2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        skipLibCheck: true,
        types: ['node'],
        typeRoots: [path.join(PROJECT_ROOT, 'node_modules', '@types')],
      },
    },
    [], // no option readers: ignore any tsconfig.json or typedoc.json in the working directory
  );
  const project = await app.convert();
  if (!project || app.logger.hasErrors()) throw new Error(`TypeDoc could not convert ${packageName} in ${packageDir}`);
  return app.serializer.projectToObject(project, normalizePath(packageDir));
}
