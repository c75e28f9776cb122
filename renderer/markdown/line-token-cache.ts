import type { Highlighter } from 'shiki';

/**
 * A TextMate grammar's tokenisation of one line depends only on the line's text and the state
 * the line starts in (the grammar and the one theme are fixed per highlighter), so the same line
 * in the same state is tokenised once per thread: code blocks repeat lines (imports, `dagger call`,
 * boilerplate) within and across pages. The state's key takes in everything a state holds across
 * lines (vscode-textmate's StateStackImpl: each frame's rule, end rule, "\G" flag and scope
 * lists), more than vscode-textmate's own equality, which is what it trusts to stop
 * re-tokenising. The cached results are only read by shiki (tokens) or passed back in as the next
 * line's state; a state's per-line positions are reset by the tokenizer before each line.
 */

interface ScopeList {
  parent: ScopeList | null;
  scopeName: string;
  tokenAttributes: number;
}

interface State {
  parent: State | null;
  ruleId: number;
  endRule: string | null;
  beginRuleCapturedEOL: boolean;
  nameScopesList: ScopeList | null;
  contentNameScopesList: ScopeList | null;
}

interface LineResult {
  tokens: Uint32Array;
  ruleStack: State;
  stoppedEarly: boolean;
}

interface Grammar {
  tokenizeLine2(line: string, state: State | null, timeLimit?: number): LineResult;
}

/** Entries per grammar before the cache starts over: bounds memory on huge sites. */
const MAX_ENTRIES = 20_000;

const wrapped = new WeakSet<object>();
const stateKeys = new WeakMap<State, string>();

function scopesKey(list: ScopeList | null): string {
  let key = '';
  for (let at = list; at; at = at.parent) key += `${at.scopeName}#${at.tokenAttributes};`;
  return key;
}

function stateKey(state: State | null): string {
  if (!state) return '';
  let key = stateKeys.get(state);
  if (key === undefined) {
    key = `${stateKey(state.parent)}|${state.ruleId},${state.endRule ?? ''},${state.beginRuleCapturedEOL ? 1 : 0},${scopesKey(state.nameScopesList)},${scopesKey(state.contentNameScopesList)}`;
    stateKeys.set(state, key);
  }
  return key;
}

/** Makes the highlighter's grammar for `lang` remember each line's tokens (once per grammar). */
export function cacheLineTokens(highlighter: Highlighter, lang: string): void {
  const grammar = highlighter.getLanguage(lang) as unknown as Grammar;
  if (wrapped.has(grammar)) return;
  wrapped.add(grammar);
  const tokenize = grammar.tokenizeLine2.bind(grammar);
  const cache = new Map<string, LineResult>();
  grammar.tokenizeLine2 = (line, state, timeLimit) => {
    const key = `${stateKey(state)}\n${line}`;
    let result = cache.get(key);
    if (result === undefined) {
      result = tokenize(line, state, timeLimit);
      if (result.stoppedEarly) return result;
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(key, result);
    }
    return result;
  };
}
