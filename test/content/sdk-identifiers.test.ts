import { describe, expect, it } from 'vitest';
import { loadApiModel } from '../../content/plugins/linked-code/api-model.ts';
import { auditSdkCode, maskCode } from '../../content/plugins/linked-code/sdk-chains.ts';
import { auditSdkBlocks } from './audit/sdk-blocks.ts';
import { documentedSurface } from './documented-api.ts';

// The Dagger API names on the Go and Python tabs exist in the API (the TypeScript SDK's
// declarations, by name mapping), and in the documented version (the typescript-api plugin's exclude lists what it
// lacks). TypeScript blocks: typescript-blocks.test.ts.
describe('Go and Python blocks in content/', () => {
  it('use functions, options and arguments of the Dagger API', async () => {
    const audit = auditSdkBlocks('content', new Set((await documentedSurface('content')).exclude));
    console.log(
      `checked ${audit.blocks} Go/Python blocks: ${audit.stats.resolved} API names resolved, ${audit.stats.skipped} calls on values of unknown type skipped`,
    );
    expect(audit.blocks).toBeGreaterThan(200);
    expect(audit.stats.resolved).toBeGreaterThan(1000);
    expect(audit.problems).toEqual([]);
  });
});

const api = loadApiModel();
const check = (code: string, lang: 'go' | 'python', absent: string[] = []) =>
  auditSdkCode(api, new Set(absent), code, lang).map((p) => `${p.line}: ${p.message}`);

describe('the SDK identifier audit', () => {
  it('reports a misspelt function in a Go chain, following the types the chain returns', () => {
    const go = [
      'func (m *Ci) Build(src *dagger.Directory) *dagger.Container {',
      '\treturn dag.Container().',
      '\t\tFrom("golang:1.24").',
      '\t\tWithDirectory("/src", src).',
      '\t\tWithExc([]string{"go", "build"})',
      '}',
    ].join('\n');
    expect(check(go, 'go')).toEqual(['4: Container has no function WithExc']);
    expect(check('ctr := dag.Containr()', 'go')).toEqual(['0: dag has no function Containr (did you mean container?)']);
    expect(check('return src.DockerBuil()', 'go').length).toBe(0); // `src` has no stated type here
    expect(check('func f(src *dagger.Directory) { src.DockerBuil() }', 'go')).toEqual([
      '0: Directory has no function DockerBuil',
    ]);
    expect(
      check(
        'type M struct {\n\tCtr *dagger.Container\n}\nfunc (m *M) Run() *dagger.Container {\n\treturn m.Ctr.WithExc(nil)\n}',
        'go',
      ),
    ).toEqual(['4: Container has no function WithExc']);
    expect(
      check(
        '@object_type\nclass M:\n    ctr: dagger.Container = dagger.field()\n\n    @function\n    def run(self) -> dagger.Container:\n        return self.ctr.with_exc([])',
        'python',
      ),
    ).toEqual(['6: Container has no function with_exc']);
    expect(
      check('client, err := dagger.Connect(ctx)\nout, err := client.Container().From("alpine").Stdot(ctx)', 'go'),
    ).toEqual(['1: Container has no function Stdot']);
  });

  it('checks Go option structs: the type, its fields, and that the call takes it', () => {
    expect(check('dag.Container().WithExec(args, dagger.ContainerWithExecOpts{UseEntrypont: true})', 'go')).toEqual([
      '0: dagger.ContainerWithExecOpts has no field UseEntrypont',
    ]);
    expect(check('dag.Container().WithFile("/a", f, dagger.ContainerWithExecOpts{})', 'go')).toEqual([
      '0: WithFile takes dagger.ContainerWithFileOpts, not dagger.ContainerWithExecOpts',
    ]);
    expect(check('dag.Container(dagger.ContainerOpts{Platform: "linux/arm64"})', 'go')).toEqual([]);
    expect(check('dag.LLM(dagger.LLMOpts{Model: "gpt-4.1"})', 'go')).toEqual([]);
    expect(check('x := dagger.ContainerWithExekOpts{}', 'go')).toEqual([
      '0: dagger.ContainerWithExekOpts is not an options type of the API',
    ]);
  });

  it('reports a misspelt function or keyword argument in a Python chain', () => {
    const py = [
      '@function',
      'async def test(self, source: Annotated[dagger.Directory, Doc("code")]) -> str:',
      '    ctr = (',
      '        dag.container()',
      '        .from_("python:3.12")',
      '        .with_directory("/src", source)',
      '        .with_exec(["pytest"], use_entrypont=True)',
      '    )',
      '    return await ctr.stdot()',
    ].join('\n');
    expect(check(py, 'python')).toEqual([
      '6: Container.with_exec() has no argument use_entrypont',
      '8: Container has no function stdot',
    ]);
    expect(
      check('dag.container().from_(address="alpine").with_exec(args=["ls"], use_entrypoint=True)', 'python'),
    ).toEqual([]);
    expect(check('source.dockr_build()', 'python')).toEqual([]); // untyped
  });

  it('leaves the functions of installed modules and untyped values alone', () => {
    expect(check('dag.Golang().Build(src, dagger.GolangBuildOpts{Arch: "arm64"}).Anything()', 'go')).toEqual([]);
    expect(check('dag.hello().hello(greeting="Bonjour")', 'python')).toEqual([]);
    expect(check('m.Ctr.WithExc(nil)', 'go')).toEqual([]); // no stated type for Ctr
    expect(check('fmt.Println("dag.Container().WithExc()") // dag.Containr()', 'go')).toEqual([]);
    // The engine generates Env.with<Type>Input/Output and Binding.as<Type> for a module's types.
    expect(
      check('dag.Env().WithWorkspaceInput("ws", ws, "a workspace").WithStringOutput("out", "done")', 'go'),
    ).toEqual([]);
    expect(check('dag.env().with_workspace_output("ws", "the result")', 'python')).toEqual([]);
    expect(check('dag.Env().WithStrngInput("q", "hi", "a question")', 'go')).toEqual([
      '0: Env has no function WithStrngInput (did you mean withStringInput?)',
    ]);
    expect(check('dag.Env().WithWorkspace("ws")', 'go')).toEqual(['0: Env has no function WithWorkspace']);
  });

  it('checks enum values', () => {
    expect(
      check(
        'dag.Container().WithExposedPort(8080, dagger.ContainerWithExposedPortOpts{Protocol: dagger.NetworkProtocolTcp})',
        'go',
      ),
    ).toEqual([]);
    expect(check('x := dagger.NetworkProtocolTpc', 'go')).toEqual([
      '0: dagger.NetworkProtocol has no value Tpc (dagger.NetworkProtocolTpc)',
    ]);
    expect(check('dag.container().with_exec(["x"], expect=dagger.ReturnType.ANY)', 'python')).toEqual([]);
    expect(check('x = dagger.ReturnType.AYN', 'python')).toEqual(['0: dagger.ReturnType has no value AYN']);
    expect(check('err := dagger.ExecError{}; c, _ := dagger.Connect(ctx)', 'go')).toEqual([]);
  });

  it('reports names the documented version lacks', () => {
    expect(check('dag.Directory().Changes(other)', 'go', ['Directory.changes'])).toEqual([
      '0: Directory.changes (Changes) is not in the documented Dagger version',
    ]);
    expect(check('await dag.file("a", "b").contents(limit_lines=2)', 'python', ['FileContentsOpts'])).toEqual([
      '0: FileContentsOpts.limitLines (limit_lines) is not in the documented Dagger version',
    ]);
    expect(check('var c *dagger.Changeset', 'go', ['Changeset'])).toEqual([
      '0: dagger.Changeset is not in the documented Dagger version',
    ]);
  });

  it('masks strings and comments without moving lines', () => {
    const code = 'a := "x.y" // dag.Z()\nb := `\ndag.Q()`';
    const masked = maskCode(code, 'go');
    expect(masked.split('\n')).toHaveLength(3);
    expect(masked).not.toContain('dag.');
    expect(maskCode('x = """\ndag.q()\n"""  # dag.r()\ny = 1', 'python')).not.toContain('dag.');
  });
});
