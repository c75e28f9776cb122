/**
 * The content audit on its own: `npx tsx test/content/audit/main.ts [content-dir]` prints every
 * problem as `file:line: message` and exits 1 if there is one. The same checks run in `npm test`
 * (test/content/command-lines.test.ts, test/content/sdk-identifiers.test.ts).
 */
import { documentedSurface } from '../documented-api.ts';
import { auditCommandLines } from './command-lines.ts';
import { auditSdkBlocks } from './sdk-blocks.ts';

const root = process.argv[2] ?? 'content';
const absent = new Set((await documentedSurface(root)).exclude);
const commands = auditCommandLines(root, absent);
const sdk = auditSdkBlocks(root, absent);
for (const problem of [...commands.problems, ...sdk.problems]) console.log(problem);
console.log(
  `${commands.lines} dagger command lines (${commands.flags} CLI flags), ${commands.shellScripts} Dagger Shell scripts, ${commands.coreNames} core API names in dagger core and Dagger Shell, ${sdk.blocks} Go/Python blocks (${sdk.stats.resolved} API names resolved, ${sdk.stats.skipped} calls on values of unknown type skipped): ${commands.problems.length + sdk.problems.length} problems`,
);
process.exitCode = commands.problems.length + sdk.problems.length ? 1 : 0;
