import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * scripts/sdk-surface-diff.mjs: the schema diff behind content/data/api-absent-in-0.18.16.json,
 * and the TypeScript SDK's naming it mirrors (cmd/codegen/generator/typescript in Dagger's repo).
 */
const SCRIPT = path.resolve('scripts/sdk-surface-diff.mjs');
const DATA = path.resolve('content/data/api-absent-in-0.18.16.json');
const DAGGER_REPO = '/work/.mirror/dagger+dagger/repo';

const OLD = `
type Query {
  container(platform: String): Container!
  host: Host!
}
type Container {
  id: ContainerID!
  withExec(args: [String!]!, useEntrypoint: Boolean = false): Container!
  contents: String!
  import(source: String!): Container!
}
type Host { directory(path: String!, exclude: [String!]): String!  gone: String! }
enum ReturnType { SUCCESS FAILURE }
input PortForward { backend: Int! }
scalar ContainerID
`;

const NEW = `
type Query {
  container(platform: String): Container!
  host: Host!
  changeset(from: ContainerID!): Changeset!
  module: String!
  envFile(expand: Boolean): String!
}
type Container {
  id: ContainerID!
  withExec(args: [String!]!, useEntrypoint: Boolean = false, expect: ReturnType = SUCCESS): Container!
  contents(offsetLines: Int): String!
  import(source: String!): Container!
  combinedOutput: String!
}
type Host { directory(path: String!, exclude: [String!], gitignore: Boolean = false): String! }
type Changeset { id: ChangesetID!  export(path: String!, force: Boolean): String! }
enum ReturnType { SUCCESS FAILURE ANY_CODE }
input PortForward { backend: Int!  protocol: String }
scalar ContainerID
scalar ChangesetID
`;

function run(oldText: string, newText: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'surface-diff-'));
  try {
    fs.writeFileSync(path.join(dir, 'old.graphqls'), oldText);
    fs.writeFileSync(path.join(dir, 'new.graphqls'), newText);
    const out = execFileSync(
      'node',
      [
        SCRIPT,
        path.join(dir, 'old.graphqls'),
        path.join(dir, 'new.graphqls'),
        '--old-tag',
        'v1.0.0',
        '--new-tag',
        'v1.1.0',
      ],
      { encoding: 'utf8' },
    );
    return JSON.parse(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('sdk-surface-diff', () => {
  it("lists what the newer schema adds, in the TypeScript SDK's names", () => {
    const data = run(OLD, NEW);
    expect(data.documented).toBe('v1.0.0');
    expect(data.installed).toBe('v1.1.0');
    expect(data.comment).toMatch(/v1\.1\.0 has and v1\.0\.0 lacks/);
    expect(data.exclude).toEqual([
      'Changeset', // a new object type, and its ID scalar
      'ChangesetExportOpts', // options of a new type's field
      'ChangesetID',
      'Client.changeset', // Query fields are members of the client (`dag`)
      'Client.envFile',
      'Client.module_', // a JavaScript keyword gets a trailing underscore
      'ClientEnvFileOpts',
      'Container.combinedOutput',
      'ContainerContentsOpts', // the field had no optional arguments: its whole option type is new
      'ContainerWithExecOpts.expect', // the field already had options: one more option
      'HostDirectoryOpts.gitignore',
      'PortForward.protocol', // an input field
      'ReturnType.AnyCode', // an enum value, as the enum member the SDK names it
    ]);
    expect(data.arguments).toEqual([
      { graphql: 'Container.withExec(expect)', typescript: 'ContainerWithExecOpts.expect', optional: true },
      { graphql: 'Container.contents(offsetLines)', typescript: 'ContainerContentsOpts.offsetLines', optional: true },
      { graphql: 'Host.directory(gitignore)', typescript: 'HostDirectoryOpts.gitignore', optional: true },
    ]);
    // What the newer version dropped cannot be documented from its package; it is reported.
    expect(data.removed).toEqual([{ graphql: 'Host.gone', kind: 'field' }]);
  });

  it('reports a changed signature, which no exclusion can undo', () => {
    const data = run(
      OLD,
      OLD.replace('import(source: String!): Container!', 'import(source: String!, tag: String!): Container!').replace(
        'contents: String!',
        'contents: Int!',
      ),
    );
    expect(data.exclude).toEqual([]);
    expect(data.changed).toEqual([
      { graphql: 'Container.contents', typescript: 'Container.contents', what: 'returns Int!, was String!' },
    ]);
    expect(data.arguments).toEqual([
      { graphql: 'Container.import(tag)', typescript: 'Container.import_(tag)', optional: false },
    ]);
  });

  it.skipIf(!fs.existsSync(DAGGER_REPO))(
    "reproduces content/data/api-absent-in-0.18.16.json from Dagger's repository",
    () => {
      const out = execFileSync(
        'node',
        [SCRIPT, '--repo', DAGGER_REPO, '--old-tag', 'v0.18.16', '--new-tag', 'v0.18.19'],
        { encoding: 'utf8' },
      );
      expect(out).toBe(fs.readFileSync(DATA, 'utf8'));
    },
  );
});
