import path from 'node:path';
import ts from 'typescript';
import type { CodeBlockInfo } from '../../../renderer/markdown/code-links.ts';
import type { CodeHover } from '../../../renderer/markdown/code-hovers.ts';
import { samplesProgram } from './samples-program.ts';

/**
 * What the compiler says a name is, for the names a reader asks about: values (variables,
 * parameters, properties) and what is called (functions, methods). Types, classes and keywords
 * say no more than their name, and imports repeat what their uses show: left out, which keeps a
 * page's HTML small.
 */
const KINDS = new Set<string>([
  ts.ScriptElementKind.variableElement,
  ts.ScriptElementKind.letElement,
  ts.ScriptElementKind.constElement,
  ts.ScriptElementKind.localVariableElement,
  ts.ScriptElementKind.variableUsingElement,
  ts.ScriptElementKind.parameterElement,
  ts.ScriptElementKind.memberVariableElement,
  ts.ScriptElementKind.memberFunctionElement,
  ts.ScriptElementKind.memberGetAccessorElement,
  ts.ScriptElementKind.memberSetAccessorElement,
  ts.ScriptElementKind.functionElement,
  ts.ScriptElementKind.localFunctionElement,
  ts.ScriptElementKind.alias,
]);

/** A signature longer than this is cut: a popup is a glance, the reference has the rest. */
const MAX_TEXT = 240;

/** Blocks written as fragments on purpose (`no-check` in the fence's meta) do not compile: no hovers. */
export const isFragment = (block: CodeBlockInfo) => /\bno-check\b/.test(block.meta);

function inImport(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isImportDeclaration(n) || ts.isImportEqualsDeclaration(n) || ts.isExportDeclaration(n)) return true;
    if (ts.isStatement(n)) return false;
  }
  return false;
}

const VALUES =
  ts.SymbolFlags.Variable |
  ts.SymbolFlags.Property |
  ts.SymbolFlags.Method |
  ts.SymbolFlags.Function |
  ts.SymbolFlags.Accessor;

/** A name written where a type goes (`src: Directory`): a type, never a value. */
const inTypePosition = (node: ts.Node) =>
  ts.isTypeReferenceNode(node.parent) ||
  ts.isExpressionWithTypeArguments(node.parent) ||
  ts.isTypeQueryNode(node.parent) ||
  (ts.isQualifiedName(node.parent) && !ts.isImportEqualsDeclaration(node.parent.parent));

/** `(alias) const dag: Client\nimport dag` → `const dag: Client`: the first line, without the alias mark. */
function displayText(info: ts.QuickInfo): string {
  const text = ts
    .displayPartsToString(info.displayParts)
    .split('\n')[0]
    .replace(/^\(alias\) /, '');
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/**
 * The hovers of each block, from one language service over all of them (samples-program.ts). A
 * block the compiler rejects gets none, with a warning naming its first error: its types would
 * be guesses.
 */
export function quickInfoHovers(
  blocks: CodeBlockInfo[],
  dir: string,
): { hovers: CodeHover[][]; warnings: { block: number; message: string }[] } {
  const wanted = blocks.map((b, i) => ({ b, i })).filter(({ b }) => !isFragment(b));
  const { service, program, files } = samplesProgram(
    wanted.map(({ b }) => b.code),
    dir,
  );
  const hovers: CodeHover[][] = blocks.map(() => []);
  const checker = program.getTypeChecker();
  const aliased = new Map<ts.Symbol, string>();
  const warnings: { block: number; message: string }[] = [];
  wanted.forEach(({ b, i }, n) => {
    const file = files[n];
    const sf = program.getSourceFile(file);
    if (!sf) return;
    const errors = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)];
    if (errors.length) {
      const first = errors[0];
      const line = first.start === undefined ? '' : `line ${sf.getLineAndCharacterOfPosition(first.start).line + 1}: `;
      warnings.push({
        block: i,
        message: `${line}${ts.flattenDiagnosticMessageText(first.messageText, ' ')} (mark it no-check if it is a fragment)`,
      });
      return;
    }
    const out: CodeHover[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isIdentifier(node) && !inImport(node) && !inTypePosition(node)) {
        const start = node.getStart(sf);
        const symbol = start < b.code.length ? checker.getSymbolAtLocation(node) : undefined;
        // Quick info costs ~1 ms a name: asked only of values, and once per imported value (`dag`).
        const target = symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        if (target && target.flags & VALUES) {
          let text = target !== symbol ? aliased.get(target) : undefined;
          if (text === undefined) {
            const info = service.getQuickInfoAtPosition(file, start);
            // A name that is a value and a type too (`Promise`) may report its value's kind where it is a type.
            text =
              info && KINDS.has(info.kind) && !/^(interface|type|class|enum|namespace|module) /.test(displayText(info))
                ? displayText(info)
                : '';
            if (target !== symbol) aliased.set(target, text);
          }
          if (text) out.push({ start, end: node.end, text });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    hovers[i] = out;
  });
  return { hovers, warnings };
}

/** Where the blocks are compiled as if they lay (nothing is written there). */
export const samplesDir = (projectRoot: string) => path.join(projectRoot, 'node_modules', '.cache', 'docs-samples');
