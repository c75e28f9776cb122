/**
 * Splits shell text (a Bash block of the docs, or one inline code span) into its simple commands,
 * each as a list of words with the line it starts on. Enough of the shell language for command
 * lines in documentation: quotes, line continuations, pipes and lists (`|`, `&&`, `||`, `;`, `&`),
 * subshells, comments, redirections (their targets are dropped), heredocs (their bodies are not
 * commands and are skipped), and command substitutions (`$(…)`, `<(…)` and backticks), whose inner
 * commands are returned as commands of their own, after the others. Words are not expanded: `$HOME`
 * stays `$HOME`.
 */
export interface ShellCommand {
  /** 1-based line, counted from `firstLine`, of the command's first word. */
  line: number;
  words: string[];
  /** The command reads the output of the one before it through a pipe (`a | b`). */
  piped?: boolean;
}

/** A word standing for a value the reader supplies: `<function>`, `<go|python>`. */
export const PLACEHOLDER = '\u2039placeholder\u203a';
const PLACEHOLDER_RE = /<[A-Za-z][^<>\s]*>/g;

const SEPARATORS = new Set([';', '&', '|', '(', ')']);

export function shellCommands(text: string, firstLine = 1): ShellCommand[] {
  const src = text.replace(PLACEHOLDER_RE, PLACEHOLDER);
  const commands: ShellCommand[] = [];
  // Commands of substitutions, returned after the others so that pipelines stay in one piece.
  const nested: ShellCommand[] = [];
  let words: string[] = [];
  let word: string | undefined; // undefined: no word started ('' is an empty quoted word)
  let commandLine = firstLine;
  let wordLine = firstLine;
  let line = firstLine;
  let dropNextWord = false; // the next word is a redirection target
  let piped = false; // the command being read follows a `|`
  const heredocs: { delimiter: string; strip: boolean }[] = [];

  const startWord = () => {
    if (word === undefined) {
      word = '';
      wordLine = line;
    }
  };
  const endWord = () => {
    if (word === undefined) return;
    if (dropNextWord) dropNextWord = false;
    else {
      if (words.length === 0) commandLine = wordLine;
      words.push(word);
    }
    word = undefined;
  };
  const endCommand = () => {
    endWord();
    if (!words.length) return;
    commands.push(piped ? { line: commandLine, words, piped } : { line: commandLine, words });
    words = [];
    piped = false;
  };
  /** Index of the `)` closing a `$(` whose body starts at `from`, quotes and nesting aware. */
  const closingParen = (from: number): number => {
    let depth = 1;
    for (let j = from; j < src.length; j++) {
      const c = src[j];
      if (c === '\\') j++;
      else if (c === "'") j = Math.max(j, src.indexOf("'", j + 1));
      else if (c === '"') {
        for (j++; j < src.length && src[j] !== '"'; j++) if (src[j] === '\\') j++;
      } else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return j;
    }
    return src.length;
  };
  /**
   * A substitution starting at `start` whose inner commands run from `from` to `to`: they count
   * as commands of their own; the current word gets `marker` instead. Returns where to go on.
   */
  const substitute = (start: number, from: number, to: number, marker: string): number => {
    const before = src.slice(0, from).split('\n').length - 1;
    nested.push(...shellCommands(src.slice(from, to), firstLine + before));
    line += src.slice(start, to).split('\n').length - 1;
    word += marker;
    return to;
  };

  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\n') {
      line++;
      endCommand();
      // Heredoc bodies start on the line after the one that opened them.
      while (heredocs.length) {
        const { delimiter, strip } = heredocs.shift()!;
        let end = src.indexOf('\n', i + 1);
        while (true) {
          const bodyLine = src.slice(i + 1, end < 0 ? src.length : end);
          i = end < 0 ? src.length : end;
          line++;
          if ((strip ? bodyLine.replace(/^\t+/, '') : bodyLine).trim() === delimiter || end < 0) break;
          end = src.indexOf('\n', i + 1);
        }
      }
      continue;
    }
    if (c === '\\') {
      if (src[i + 1] === '\n') {
        i++;
        line++;
        continue;
      }
      startWord();
      if (i + 1 < src.length) word += src[++i];
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      endWord();
      continue;
    }
    if (c === '#' && word === undefined) {
      while (i + 1 < src.length && src[i + 1] !== '\n') i++;
      continue;
    }
    if (c === "'") {
      startWord();
      const end = src.indexOf("'", i + 1);
      const stop = end < 0 ? src.length : end;
      const body = src.slice(i + 1, stop);
      line += body.split('\n').length - 1;
      word += body;
      i = stop;
      continue;
    }
    if (c === '"') {
      startWord();
      for (i++; i < src.length && src[i] !== '"'; i++) {
        if (src[i] === '\\' && i + 1 < src.length) word += src[++i];
        else if (src[i] === '$' && src[i + 1] === '(') {
          i = substitute(i, i + 2, closingParen(i + 2), '$(…)');
        } else {
          if (src[i] === '\n') line++;
          word += src[i];
        }
      }
      continue;
    }
    if (c === '$' && src[i + 1] === '(') {
      startWord();
      i = substitute(i, i + 2, closingParen(i + 2), '$(…)');
      continue;
    }
    if (c === '`') {
      startWord();
      const end = src.indexOf('`', i + 1);
      i = substitute(i, i + 1, end < 0 ? src.length : end, '`…`');
      continue;
    }
    if (c === '$' && src[i + 1] === '{') {
      startWord();
      const end = src.indexOf('}', i);
      const stop = end < 0 ? src.length - 1 : end;
      word += src.slice(i, stop + 1);
      i = stop;
      continue;
    }
    if ((c === '<' || c === '>') && src[i + 1] === '(') {
      // Process substitution, `<(dagger completion bash)`: a word whose inner commands count.
      endWord();
      startWord();
      i = substitute(i, i + 2, closingParen(i + 2), '<(…)');
      continue;
    }
    if (c === '<' || c === '>') {
      // A file-descriptor number right before the operator belongs to it (`2>&1`).
      if (word !== undefined && /^\d+$/.test(word)) word = undefined;
      endWord();
      if (c === '<' && src[i + 1] === '<' && src[i + 2] !== '<') {
        const m = /^<<(-?)\s*(['"]?)([\w.-]+)\2/.exec(src.slice(i));
        if (m) {
          heredocs.push({ delimiter: m[3], strip: m[1] === '-' });
          i += m[0].length - 1;
          continue;
        }
      }
      while (i + 1 < src.length && /[<>&|]/.test(src[i + 1])) i++;
      // `>&2`: the target is a descriptor, glued to the operator.
      if (/\d/.test(src[i + 1] ?? '') && src[i] === '&') {
        while (/\d/.test(src[i + 1] ?? '')) i++;
        continue;
      }
      dropNextWord = true;
      continue;
    }
    if (SEPARATORS.has(c)) {
      endCommand();
      dropNextWord = false;
      const start = i;
      while (i + 1 < src.length && /[;&|]/.test(src[i + 1])) i++;
      piped = src.slice(start, i + 1) === '|';
      continue;
    }
    startWord();
    word += c;
  }
  endCommand();
  return [...commands, ...nested];
}

/** Shell keywords and wrappers that may stand before the command name. */
const PREFIX_WORDS = new Set([
  'if',
  'then',
  'else',
  'elif',
  'do',
  'while',
  'until',
  '!',
  '{',
  '}',
  'time',
  'sudo',
  'exec',
  'nohup',
  'command',
  'env',
]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * The arguments of a simple command if it runs `name` (after environment assignments and
 * wrappers such as `sudo` or `env`), else undefined. `./bin/dagger` counts as `dagger`.
 */
export function argsOf(words: string[], name: string): string[] | undefined {
  let i = 0;
  while (
    i < words.length &&
    (ASSIGNMENT.test(words[i]) ||
      PREFIX_WORDS.has(words[i]) ||
      (words[i].startsWith('-') && i > 0 && words[i - 1] === 'env'))
  )
    i++;
  const cmd = words[i];
  if (cmd === undefined || (cmd !== name && !cmd.endsWith(`/${name}`))) return undefined;
  return words.slice(i + 1);
}
