import type { ApiModel } from '../model.ts';
import { DOC_ROOT, docRoute, MODULES_DOC_ID } from '../model.ts';
import type { GeneratedDoc } from '../types.ts';
import { inlineCode, link } from './escape.ts';
import { clampDescription, makeDoc } from './page.ts';

/**
 * The reference's landing page. Unlike every other page it is written by hand (here), because
 * installing, importing and connecting are not described by any one TSDoc comment. Links to
 * declarations go through the model, so a name missing from some SDK version becomes plain code
 * instead of a broken link.
 */
export function overviewDoc(model: ApiModel): GeneratedDoc {
  const v = model.version;
  const ref = (moduleName: string, name: string, text = inlineCode(name)) => {
    const page = model.pages.find((p) => p.module.name === moduleName && p.reflection.name === name);
    return page ? link(text, docRoute(page.docId)) : text;
  };
  const mod = (name: string) => {
    const m = model.modules.find((x) => x.name === name);
    return m ? link(inlineCode(name), docRoute(m.docId)) : inlineCode(name);
  };

  const body = `This is the API reference of \`@dagger.io/dagger\` ${v}, the package that lets TypeScript and JavaScript programs call the Dagger API. It is generated from the type declarations the package publishes, so every class, method, option and type below is exactly what version ${v} ships, with the descriptions its authors wrote in TSDoc.

You use this package in two places: in the code of a Dagger module written in TypeScript, where the runtime connects for you, and in a standalone program (a build script, a test harness, a CLI of your own) that opens its own connection to the Dagger Engine.

## Install

Add the package to your project at the version this reference documents:

\`\`\`bash
npm install --save-dev @dagger.io/dagger@${v}
\`\`\`

The package is published as an ES module and needs a recent Node.js (the package asks for Node 18 or later). In a TypeScript project, compile with \`"module": "NodeNext"\` (or \`"ESNext"\` with a bundler) so that its \`import\` exports resolve.

## Import

Everything in this reference is exported from the package root:

\`\`\`typescript
import { dag, Container, Directory } from "@dagger.io/dagger"

// The classes double as types for your own helpers.
export function withSource(ctr: Container, src: Directory): Container {
  return ctr.withDirectory("/src", src).withWorkdir("/src")
}

export const base = withSource(dag.container().from("node:22-slim"), dag.directory())
\`\`\`

${inlineCode('dag')} is the global client, an instance of ${ref('api/client.gen', 'Client')}: every chain of calls starts from it, for example \`dag.container()\` or \`dag.git(url)\`. Calls build a query lazily; nothing runs on the engine until you await a method that returns a value, such as \`stdout()\`, \`contents()\` or \`sync()\`.

## Connect

Inside a module, just use ${inlineCode('dag')} in your \`@func()\` methods. A standalone program wraps its work in ${ref('connect', 'connection', inlineCode('connection()'))}, which opens a session, runs your callback, and closes the session when the callback settles:

\`\`\`typescript
import { connection, dag } from "@dagger.io/dagger"

await connection(
  async () => {
    const greeting = await dag
      .container()
      .from("alpine:3.20")
      .withExec(["echo", "hello from the Dagger Engine"])
      .stdout()
    console.log(greeting.trim())
  },
  { LogOutput: process.stderr },
)
\`\`\`

How the session is opened depends on how the program starts:

- Started by \`dagger run\` (for example \`dagger run node build.mjs\`), the program finds the session the CLI opened for it through the \`DAGGER_SESSION_PORT\` and \`DAGGER_SESSION_TOKEN\` environment variables.
- Started on its own, the SDK downloads the Dagger CLI release that matches the package, caches it, and uses it to start the session.

The second argument is optional: \`LogOutput\` takes a writable stream for the engine's progress output, and \`Workdir\` sets the working directory of the session (the program's current directory by default).

${ref('connect', 'connect', inlineCode('connect()'))} is the older form of the same thing: its callback receives a ${ref('api/client.gen', 'Client')} to use instead of ${inlineCode('dag')}.

## Handle errors

Failures surface as exceptions derived from ${ref('common/errors', 'DaggerSDKError')}. The most common is ${ref('common/errors', 'ExecError')}, thrown when a command started by \`withExec\` exits with a code the call did not expect; it carries the command's exit code and output:

\`\`\`typescript
import { connection, dag, ExecError } from "@dagger.io/dagger"

await connection(async () => {
  try {
    await dag.container().from("alpine:3.20").withExec(["sh", "-c", "echo oops >&2; exit 3"]).sync()
  } catch (err) {
    if (!(err instanceof ExecError)) throw err
    console.error(\`exit code \${err.exitCode}: \${err.stderr.trim()}\`)
  }
})
\`\`\`

Each error also has a \`code\` such as \`D109\`, for telling errors apart without \`instanceof\`; ${ref('common/errors', 'ERROR_CODES', inlineCode('ERROR_CODES'))} maps error names to their codes.

## Where to go next

- ${link('Modules', docRoute(MODULES_DOC_ID))} lists the three modules of the package and what each holds.
- ${mod('api/client.gen')} is where most of your time goes: ${ref('api/client.gen', 'Container')}, ${ref('api/client.gen', 'Directory')}, ${ref('api/client.gen', 'File')}, ${ref('api/client.gen', 'Secret')}, ${ref('api/client.gen', 'Service')} and the other API objects, each with the option types of its methods (such as ${ref('api/client.gen', 'ContainerWithExecOpts')}).
- ${mod('common/errors')} documents each error class and the properties it exposes.
- ${mod('connect')} documents ${inlineCode('connection()')}, ${inlineCode('connect()')} and their callback type.`;

  return makeDoc(
    DOC_ROOT,
    true,
    {
      title: 'TypeScript SDK Reference',
      description: clampDescription(`Reference of @dagger.io/dagger ${v}, the Dagger TypeScript SDK: install it, import it, connect to the engine, and look up every class and type.`),
      sidebar_label: 'Overview',
    },
    [body],
  );
}
