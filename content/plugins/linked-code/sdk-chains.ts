import { key, type ApiFunction, type ApiModel } from './api-model.ts';

/**
 * Functions the engine adds for every object type of the loaded modules (core/env.go at v0.18.16):
 * `Env.with<Type>Input`/`with<Type>Output` and `Binding.as<Type>`, e.g. `withWorkspaceInput` for a
 * `Workspace` module. They are in no SDK's core API, so they cannot be checked here.
 */
function moduleGenerated(type: string, name: string): boolean {
  const k = key(name);
  return (type === 'Env' && /^with\w+(input|output)$/.test(k)) || (type === 'Binding' && /^as\w+$/.test(k));
}

/**
 * Checks the Dagger API names used in a Go or Python snippet against the API model (api-model.ts),
 * and finds where each name that resolves is (for the links from code samples to the reference,
 * see index.ts); TypeScript, PHP and Java snippets are walked for those links too (their chains
 * only: options, keywords and enums are Go's and Python's):
 *
 * - call chains on `dag` (`dag.Container().From("alpine").WithExec(…)`,
 *   `dag.container().from_("alpine").with_exec(…)`) and on values whose type the snippet states
 *   (a parameter `src *dagger.Directory` / `src: dagger.Directory`, or a variable assigned from
 *   such a chain): each function must exist on the type the previous call returned;
 * - Go option structs (`dagger.ContainerWithExecOpts{UseEntrypoint: true}`): the type, its fields,
 *   and that a call gets the options type of that function;
 * - Python keyword arguments: a parameter or an option of the function called;
 * - enum values (`dagger.NetworkProtocolTcp`, `dagger.NetworkProtocol.TCP`).
 *
 * Where a type cannot be known (the functions of an installed module on `dag`, the user's own
 * objects, untyped variables) the chain is skipped, not guessed. Names that the installed SDK has
 * but the documented Dagger version lacks (`absent`) are reported too.
 */
export type SdkLang = 'go' | 'python' | 'typescript' | 'php' | 'java';

/** An API name found in a snippet: `at` and `length` in the snippet's text. */
export interface ResolvedName {
  at: number;
  length: number;
  /** The object type (`Container`; `Client` for `dag`) and, for a function, its TypeScript name. */
  type: string;
  member?: string;
}

export interface SdkProblem {
  /** 0-based line in the snippet. */
  line: number;
  message: string;
}

export interface SdkStats {
  /** API names checked and found (functions, option fields, keyword arguments). */
  resolved: number;
  /** Calls that look like API calls on a value of unknown type, left unchecked. */
  skipped: number;
  /** When given, every name that resolves is added (functions of a chain, type names). */
  names?: ResolvedName[];
}

/** Replaces comments and the insides of string literals by spaces, keeping offsets and lines. */
export function maskCode(code: string, lang: SdkLang): string {
  const out = code.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to && k < out.length; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    // PHP's `#[…]` is an attribute, not a comment.
    const lineComment =
      (lang !== 'python' && c === '/' && code[i + 1] === '/') ||
      (lang === 'python' && c === '#') ||
      (lang === 'php' && c === '#' && code[i + 1] !== '[');
    if (lineComment) {
      const end = code.indexOf('\n', i);
      blank(i, end < 0 ? code.length : end);
      i = end < 0 ? code.length : end;
    } else if (lang !== 'python' && c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      blank(i, end < 0 ? code.length : end + 2);
      i = end < 0 ? code.length : end + 1;
    } else if (lang === 'python' && (code.startsWith('"""', i) || code.startsWith("'''", i))) {
      const end = code.indexOf(code.slice(i, i + 3), i + 3);
      blank(i + 3, end < 0 ? code.length : end);
      i = end < 0 ? code.length : end + 2;
    } else if (c === '"' || c === "'" || ((lang === 'go' || lang === 'typescript') && c === '`')) {
      let j = i + 1;
      for (; j < code.length && code[j] !== c; j++) {
        if ((c !== '`' || lang === 'typescript') && code[j] === '\\') j++;
        else if (c !== '`' && code[j] === '\n') break;
      }
      blank(i + 1, j);
      i = j;
    }
  }
  return out.join('');
}

/** Index of the bracket closing the one at `open` (masked code). */
function closing(code: string, open: number): number {
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  const stack: string[] = [];
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === ')' || c === ']' || c === '}') {
      stack.pop();
      if (!stack.length) return i;
    }
  }
  return code.length;
}

/** The parts of an argument list (text between brackets) separated by top-level commas. */
function topLevelParts(args: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < args.length; i++) {
    const c = args[i];
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      parts.push(args.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(args.slice(start));
  return parts;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

/** A core function of `dag` whose name is a near miss of `name`, if any. */
function nearMiss(members: Map<string, ApiFunction>, name: string): ApiFunction | undefined {
  const k = key(name);
  const limit = Math.max(1, Math.floor(k.length / 5));
  let best: ApiFunction | undefined;
  let bestDistance = Infinity;
  for (const [mk, f] of members) {
    const d = editDistance(k, mk);
    if (d <= limit && d < bestDistance) [best, bestDistance] = [f, d];
  }
  return best;
}

const IDENT = /[A-Za-z_]\w*/y;

/**
 * How each language writes what the walk follows: the member access (`.`, PHP's `->`), a
 * parameter or field of an API type (`ctr *dagger.Container`, `ctr: Container`, `Container $ctr`),
 * an assignment (the name, and the first word of the value) and the receiver whose fields start
 * chains. The API's root is `dag` (Go, Python, TypeScript) or `dag()` (PHP, Java).
 */
interface Syntax {
  sep: string;
  param: RegExp;
  assign: RegExp;
  /** The start of a line that assigns the chain which follows it. */
  assignedBefore: RegExp;
  receiver?: string;
}

const SYNTAX: Record<SdkLang, Syntax> = {
  go: {
    sep: '.',
    param: /(?<![\w.])(?<name>\w+)\s+\*dagger\.(?<type>\w+)\b/dg,
    assign: /^[ \t]*(?:var\s+)?(\w+)(?:\s*,\s*\w+)*\s*:?=(?!=)\s*(?:\(\s*)?(\w+)?/gm,
    assignedBefore: /^[ \t]*(?:var\s+)?(\w+)\s*:?=\s*(?:\(\s*)?$/,
  },
  python: {
    sep: '.',
    param: /(?<![\w.])(?<name>\w+)\s*:\s*(?:Annotated\[\s*)?dagger\.(?<type>\w+)\b/dg,
    assign: /^[ \t]*(\w+)(?:\s*,\s*\w+)*\s*=(?!=)\s*(?:\(\s*)?(?:await\s+)?(\w+)?/gm,
    assignedBefore: /^[ \t]*(\w+)\s*=\s*(?:\(\s*)?(?:await\s+)?$/,
    receiver: 'self',
  },
  typescript: {
    sep: '.',
    param: /(?<![\w.])(?<name>\w+)\??\s*:\s*(?<type>[A-Z]\w*)\b/dg,
    assign: /^[ \t]*(?:(?:const|let|var)\s+)?(\w+)(?:\s*:\s*\w+)?\s*=(?![=>])\s*(?:\(\s*)?(?:await\s+)?(\w+)?/gm,
    assignedBefore: /^[ \t]*(?:(?:const|let|var)\s+)?(\w+)(?:\s*:\s*\w+)?\s*=\s*(?:\(\s*)?(?:await\s+)?$/,
    receiver: 'this',
  },
  php: {
    sep: '->',
    param: /(?<![\w\\])\\?(?:Dagger\\)?(?<type>[A-Z]\w*)\s+\$(?<name>\w+)/dg,
    assign: /^[ \t]*\$(\w+)\s*=(?![=>])\s*(?:\(\s*)?\$?(\w+)?/gm,
    assignedBefore: /^[ \t]*\$(\w+)\s*=\s*(?:\(\s*)?$/,
    receiver: 'this',
  },
  java: {
    sep: '.',
    param: /(?<![\w.])(?<type>[A-Z]\w*)\s+(?<name>[a-z]\w*)\s*[,)=;]/dg,
    assign: /^[ \t]*(?:(?:final\s+)?\w+(?:<[^>\n]*>)?\s+)?(\w+)\s*=(?!=)\s*(?:\(\s*)?(\w+)?/gm,
    assignedBefore: /^[ \t]*(?:(?:final\s+)?\w+(?:<[^>\n]*>)?\s+)?(\w+)\s*=\s*(?:\(\s*)?$/,
    receiver: 'this',
  },
};

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What every snippet looks names up in, made once per model (a build links thousands of snippets). */
const lookupsOf = new WeakMap<ApiModel, ReturnType<typeof makeLookups>>();
const lookups = (api: ApiModel) => lookupsOf.get(api) ?? lookupsOf.set(api, makeLookups(api)).get(api)!;
function makeLookups(api: ApiModel) {
  return {
    apiNames: new Set([...api.types.values()].flatMap((m) => [...m.keys()])),
    // Go names options types like TypeScript, except on `dag`: `ContainerOpts`, `LLMOpts` for
    // `ClientContainerOpts`, `ClientLlmOpts`.
    optsByKey: new Map(
      [...api.opts.keys()].flatMap(
        (n) => [[key(n), n], ...(n.startsWith('Client') ? [[key(n.slice(6)), n] as const] : [])] as [string, string][],
      ),
    ),
    coreTypes: [...api.types.keys()].filter((t) => t !== 'Client').sort((a, b) => b.length - a.length),
    enums: [...api.enums.keys()].sort((a, b) => b.length - a.length),
  };
}

export function auditSdkCode(
  api: ApiModel,
  absent: ReadonlySet<string>,
  code: string,
  lang: SdkLang,
  stats: SdkStats = { resolved: 0, skipped: 0 },
): SdkProblem[] {
  const src = maskCode(code, lang);
  const problems: SdkProblem[] = [];
  const lineAt = (pos: number) => src.slice(0, pos).split('\n').length - 1;
  const report = (pos: number, message: string) => problems.push({ line: lineAt(pos), message });
  const { apiNames, optsByKey, coreTypes, enums } = lookups(api);
  const optsType = (name: string) => optsByKey.get(key(name));
  /** An options type that, by its name, would belong to the core API (not to an installed module). */
  const looksCore = (name: string) =>
    coreTypes.some((t) => name.startsWith(t)) || api.types.get('Client')!.has(key(name.replace(/Opts$/, '')));

  // Values whose type the snippet states; a name given two types (or assigned from something
  // else) is dropped, since the snippet may hold several functions.
  const typed = new Map<string, string>();
  const untrusted = new Set<string>();
  const setType = (name: string, type: string | undefined) => {
    if (untrusted.has(name)) return;
    if (!type || (typed.has(name) && typed.get(name) !== type)) {
      typed.delete(name);
      untrusted.add(name);
    } else typed.set(name, type);
  };
  const syntax = SYNTAX[lang];
  const { sep } = syntax;
  for (const m of src.matchAll(syntax.param)) {
    const { name, type } = m.groups!;
    if (!api.types.has(type)) continue;
    setType(name, type);
    const [at, end] = m.indices!.groups!.type;
    stats.names?.push({ at, length: end - at, type });
  }
  // The receivers of methods, whose typed fields (`Ctr *dagger.Container`, `ctr: dagger.Container`)
  // start chains too.
  const receivers = new Set(
    syntax.receiver ? [syntax.receiver] : [...src.matchAll(/\bfunc\s*\(\s*(\w+)\s+\*?\w+\s*\)/g)].map((m) => m[1]),
  );
  // Go custom applications: `client, err := dagger.Connect(ctx)` is the API's root, like `dag`.
  const connected = new Set<string>();
  if (lang === 'go')
    for (const m of src.matchAll(/(?<![\w.])(\w+)\s*,\s*\w+\s*:?=\s*dagger\.Connect\s*\(/g))
      connected.add(m[1]) && setType(m[1], 'Client');
  // A name assigned from anything but a chain on `dag` or on such a value is not trusted.
  const assignments = [...src.matchAll(syntax.assign)].map((m) => [m[1], m[2] ?? ''] as const);
  const chainable = new Set(['dag', ...typed.keys()]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, from] of assignments)
      if (chainable.has(from) && !chainable.has(name)) grew = chainable.add(name) !== undefined;
  }
  for (const [name, from] of assignments)
    if (!chainable.has(from) && !(connected.has(name) && from === 'dagger')) setType(name, undefined);

  /** Walks a call chain whose first `.` is at `pos` on a value of `type`; returns the final type. */
  const walk = (pos: number, type: string): string | undefined => {
    let current: string | undefined = type;
    let dot = pos;
    while (current) {
      let at = dot + sep.length;
      while (/\s/.test(src[at] ?? '')) at++;
      IDENT.lastIndex = at;
      const ident = IDENT.exec(src);
      if (!ident) return undefined;
      const name = ident[0];
      let open = at + name.length;
      while (src[open] === ' ') open++;
      if (src[open] !== '(') return undefined;
      const close = closing(src, open);
      const members: Map<string, ApiFunction> = api.types.get(current)!;
      const f: ApiFunction | undefined = members.get(key(name));
      if (!f) {
        // Near a core name: a typo (`WithStrngInput`), even where a module could add functions.
        const extensible = current === 'Client' || moduleGenerated(current, name);
        const near = extensible ? nearMiss(members, name) : undefined;
        if (extensible && !near) {
          // A function of an installed module, or one Dagger generates for a module's own
          // types: its type is not known here.
          stats.skipped++;
          return undefined;
        }
        report(
          at,
          `${current === 'Client' ? 'dag' : current} has no function ${name}${near ? ` (did you mean ${near.name}?)` : ''}`,
        );
        return undefined;
      }
      stats.resolved++;
      stats.names?.push({ at, length: name.length, type: current, member: f.name });
      if (absent.has(`${current}.${f.name}`))
        report(at, `${current}.${f.name} (${name}) is not in the documented Dagger version`);
      checkArgs(src.slice(open + 1, close), open + 1, current, f, name);
      current = f.returns;
      let next = close + 1;
      while (/\s/.test(src[next] ?? '')) next++;
      if (!src.startsWith(sep, next)) return current;
      dot = next;
    }
    return undefined;
  };

  const checkArgs = (args: string, offset: number, type: string, f: ApiFunction, name: string) => {
    const opts = f.opts ? api.opts.get(f.opts) : undefined;
    if (lang !== 'go' && lang !== 'python') return;
    if (lang === 'go') {
      for (const m of args.matchAll(/\bdagger\.(\w+Opts)\s*\{/g)) {
        const depth = [...args.slice(0, m.index)].reduce(
          (d, c) => d + ('([{'.includes(c) ? 1 : ')]}'.includes(c) ? -1 : 0),
          0,
        );
        if (depth !== 0 || !optsType(m[1])) continue;
        const expected = f.opts?.replace(/^Client/, '');
        if (optsType(m[1]) !== f.opts)
          report(
            offset + m.index!,
            `${name} takes ${expected ? `dagger.${expected}` : 'no options'}, not dagger.${m[1]}`,
          );
      }
      return;
    }
    for (const part of topLevelParts(args)) {
      const kw = /^\s*(\w+)\s*=(?!=)/.exec(part);
      if (!kw) continue;
      const k = key(kw[1]);
      const field = opts?.get(k);
      if (f.params.some((p) => key(p) === k) || field) {
        stats.resolved++;
        if (field && (absent.has(`${f.opts}.${field}`) || absent.has(f.opts!)))
          report(offset + args.indexOf(part), `${f.opts}.${field} (${kw[1]}) is not in the documented Dagger version`);
      } else
        report(offset + args.indexOf(part), `${type === 'Client' ? 'dag' : type}.${name}() has no argument ${kw[1]}`);
    }
  };

  // Chains, in the order they appear (a variable is typed by the chain assigned to it).
  // A root, with the call PHP and Java make of `dag()`, before the first member access.
  const CHAIN = new RegExp(`(?<![\\w.$>])\\$?([A-Za-z_]\\w*)(\\s*\\(\\s*\\))?\\s*${escapeRegExp(sep)}`, 'g');
  for (const m of src.matchAll(CHAIN)) {
    const root = m[1];
    if (m[2] && root !== 'dag') continue;
    const dot = m.index! + m[0].length - sep.length;
    let type = root === 'dag' ? 'Client' : typed.get(root);
    let start = dot;
    // A field of the receiver (`m.Ctr.…`, `self.ctr.…`) declared with a type in the snippet.
    const field =
      !type && receivers.has(root)
        ? new RegExp(`^\\s*([A-Za-z_]\\w*)\\s*${escapeRegExp(sep)}`).exec(src.slice(dot + sep.length))
        : null;
    if (field && typed.has(field[1])) {
      type = typed.get(field[1]);
      start = dot + sep.length + field[0].length - sep.length;
    }
    if (!type) {
      const after = /^\s*([A-Za-z_]\w*)\s*\(/.exec(src.slice(dot + sep.length));
      if (after && root !== 'dagger' && apiNames.has(key(after[1])) && /[a-z]/.test(after[1][0]) === (lang !== 'go'))
        stats.skipped++;
      continue;
    }
    const result = walk(start, type);
    let lineStart = src.lastIndexOf('\n', m.index!) + 1;
    // `ctr = (` on the line before, the chain on its own lines.
    if (!src.slice(lineStart, m.index!).trim() && lineStart > 0) lineStart = src.lastIndexOf('\n', lineStart - 2) + 1;
    const assigned = syntax.assignedBefore.exec(src.slice(lineStart, m.index!));
    if (assigned && !untrusted.has(assigned[1])) setType(assigned[1], result);
  }

  // Go option structs anywhere, and type names the documented version lacks.
  if (lang === 'go') {
    for (const m of src.matchAll(/\bdagger\.(\w+Opts)\s*\{/g)) {
      const open = m.index! + m[0].length - 1;
      const tsName = optsType(m[1]);
      if (!tsName) {
        if (looksCore(m[1])) report(m.index!, `dagger.${m[1]} is not an options type of the API`);
        else stats.skipped++; // the options of an installed module's function
        continue;
      }
      if (absent.has(tsName)) report(m.index!, `dagger.${m[1]} is not in the documented Dagger version`);
      const fields = api.opts.get(tsName)!;
      const body = src.slice(open + 1, closing(src, open));
      for (const part of topLevelParts(body)) {
        const field = /^\s*(\w+)\s*:/.exec(part);
        if (!field) continue;
        const tsField = fields.get(key(field[1]));
        const at = open + 1 + body.indexOf(part);
        if (!tsField) report(at, `dagger.${m[1]} has no field ${field[1]}`);
        else {
          stats.resolved++;
          if (absent.has(`${tsName}.${tsField}`))
            report(at, `dagger.${m[1]}.${field[1]} is not in the documented Dagger version`);
        }
      }
    }
  }
  if (lang !== 'go' && lang !== 'python') return problems;
  for (const m of src.matchAll(/\bdagger\.([A-Z]\w*)/g)) {
    if (!api.types.has(m[1])) continue;
    // Parameters' types are named above; a type named elsewhere (`dagger.Container` in a cast) here.
    const at = m.index! + 'dagger.'.length;
    if (stats.names && !stats.names.some((n) => n.at === at)) stats.names.push({ at, length: m[1].length, type: m[1] });
    if (absent.has(m[1])) report(m.index!, `dagger.${m[1]} is not in the documented Dagger version`);
  }

  // Enum values: Go `dagger.NetworkProtocolTcp` (enum name + value), Python
  // `dagger.NetworkProtocol.TCP`. Other `dagger.X` names (Connect, ExecError, …) are the SDK's own.
  if (lang === 'go') {
    for (const m of src.matchAll(/\bdagger\.([A-Z]\w*)\b(?!\s*[({])/g)) {
      const name = m[1];
      if (api.types.has(name) || api.enums.has(name) || api.otherTypes.has(name)) continue;
      const e = enums.find((n) => name.startsWith(n) && name.length > n.length);
      if (!e) continue;
      if (api.enums.get(e)!.has(key(name.slice(e.length)))) stats.resolved++;
      else report(m.index!, `dagger.${e} has no value ${name.slice(e.length)} (dagger.${name})`);
    }
  } else {
    for (const m of src.matchAll(/\bdagger\.([A-Z]\w*)\.(\w+)/g)) {
      const members = api.enums.get(m[1]);
      if (!members) continue;
      if (members.has(key(m[2]))) stats.resolved++;
      else report(m.index!, `dagger.${m[1]} has no value ${m[2]}`);
    }
  }
  return problems;
}
