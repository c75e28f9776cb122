import path from 'node:path';
import ts from 'typescript';
import { excludeMembers } from '../../content/plugins/typescript-api/model.ts';
import type { CodeBlock } from './code-blocks.ts';
import { samplesProgram } from '../../content/plugins/type-hovers/samples-program.ts';

/** The SDK package whose declarations the API-surface check looks at. */
const SDK_DIR = `${path.sep}node_modules${path.sep}@dagger.io${path.sep}dagger${path.sep}`;

export interface SurfaceCheck {
  /** Names the documented version lacks: `Changeset`, `Container.combinedOutput` (the typescript-api plugin's exclude). */
  exclude: string[];
  /** The documented version, for messages: `0.18.16`. */
  documents: string;
}

/**
 * Type-checks TypeScript blocks, each as its own module, against the installed SDK; then, when
 * `surface` is given, rejects any use of an SDK declaration the documented version lacks although
 * the installed one has it. A deliberate fragment (`no-check` in its fence meta) is not
 * type-checked, but what of the SDK it does resolve is still held to the documented version.
 * Returns one `file:line: message` per problem. The blocks are compiled in memory as files of
 * `workDir` (under the project, so that the SDK resolves from node_modules), with the site's
 * setup for its samples (content/plugins/type-hovers/samples-program.ts, which the hovers use too).
 */
export function checkTypeScriptBlocks(blocks: CodeBlock[], workDir: string, surface?: SurfaceCheck): string[] {
  const { program, files } = samplesProgram(
    blocks.map((b) => b.code),
    workDir,
  );
  const where = (file: string, pos: number, sf: ts.SourceFile) => {
    const block = blocks[files.indexOf(path.resolve(file))];
    return `${block.file}:${block.line + sf.getLineAndCharacterOfPosition(pos).line}`;
  };
  const fragment = (file: string) => /\bno-check\b/.test(blocks[files.indexOf(path.resolve(file))]?.meta ?? '');
  const problems = ts
    .getPreEmitDiagnostics(program)
    .filter((d) => !d.file || !fragment(d.file.fileName))
    .map((d) => {
      const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      if (!d.file || d.start === undefined || !files.includes(path.resolve(d.file.fileName))) return message;
      return `${where(d.file.fileName, d.start, d.file)}: ${message}`;
    });
  if (surface) problems.push(...surfaceProblems(program, files, surface, where));
  return problems;
}

function surfaceProblems(
  program: ts.Program,
  files: string[],
  surface: SurfaceCheck,
  where: (file: string, pos: number, sf: ts.SourceFile) => string,
): string[] {
  const problems: string[] = [];
  const checker = program.getTypeChecker();
  const documented = excludeMembers(surface.exclude);
  for (const file of files) {
    const sf = program.getSourceFile(file)!;
    const seen = new Set<string>();
    for (const { name, node } of sdkUses(sf, checker)) {
      const [owner, member] = name.split('.');
      if (documented(owner, member)) continue;
      const problem = `${where(file, node.getStart(sf), sf)}: ${name} is not in Dagger ${surface.documents}`;
      if (!seen.has(problem)) problems.push(problem);
      seen.add(problem);
    }
  }
  return problems;
}

/** The SDK name of a declaration: `Name` at the top level, `Owner.member` inside a class, enum or type. */
function sdkName(decl: ts.Declaration): string | undefined {
  if (!path.resolve(decl.getSourceFile().fileName).includes(SDK_DIR)) return undefined;
  const named = (n: ts.Node | undefined) =>
    n &&
    (ts.isClassDeclaration(n) ||
      ts.isEnumDeclaration(n) ||
      ts.isTypeAliasDeclaration(n) ||
      ts.isInterfaceDeclaration(n) ||
      ts.isFunctionDeclaration(n))
      ? n.name?.text
      : undefined;
  const own = ts.getNameOfDeclaration(decl);
  const ownName =
    own && (ts.isIdentifier(own) || ts.isStringLiteral(own) || ts.isPrivateIdentifier(own)) ? own.text : undefined;
  if (!ownName) return undefined;
  if (
    ts.isClassDeclaration(decl) ||
    ts.isEnumDeclaration(decl) ||
    ts.isTypeAliasDeclaration(decl) ||
    ts.isInterfaceDeclaration(decl) ||
    ts.isFunctionDeclaration(decl)
  )
    return ownName;
  if (ts.isVariableDeclaration(decl)) return ownName;
  // A member: its parent is the class or enum, or the type literal of a type alias.
  let parent: ts.Node = decl.parent;
  if (ts.isTypeLiteralNode(parent)) parent = parent.parent;
  const owner = named(parent);
  return owner ? `${owner}.${ownName}` : undefined;
}

function symbolNames(symbol: ts.Symbol | undefined, checker: ts.TypeChecker): string[] {
  if (!symbol) return [];
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return (target.declarations ?? []).map(sdkName).filter((n): n is string => !!n);
}

/**
 * Every place a block uses an SDK declaration: identifiers (imports, types, calls, property
 * accesses) and the properties of object literals passed where an SDK option type is expected
 * (`{ offsetLines: 1 }` given to `File.contents`), which name no declaration themselves.
 */
function sdkUses(sf: ts.SourceFile, checker: ts.TypeChecker): { name: string; node: ts.Node }[] {
  const uses: { name: string; node: ts.Node }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) {
      for (const name of symbolNames(checker.getSymbolAtLocation(node), checker)) uses.push({ name, node });
    }
    if (ts.isObjectLiteralExpression(node)) {
      const contextual = checker.getContextualType(node);
      const types = contextual ? (contextual.isUnion() ? contextual.types : [contextual]) : [];
      for (const prop of node.properties) {
        if (
          !(ts.isPropertyAssignment(prop) || ts.isShorthandPropertyAssignment(prop)) ||
          !prop.name ||
          !ts.isIdentifier(prop.name)
        )
          continue;
        for (const t of types)
          for (const name of symbolNames(checker.getPropertyOfType(t, prop.name.text), checker))
            uses.push({ name, node: prop.name });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return uses;
}
