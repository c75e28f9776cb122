/**
 * Which syntax extensions a body is parsed with, as the fast parse needs to know them: each one
 * it does not implement makes it give up wherever that syntax could start.
 */
export interface Syntax {
  autolinkLiteral: boolean;
  footnote: boolean;
  strikethrough: boolean;
  table: boolean;
  taskListItem: boolean;
  directive: boolean;
}

export type SyntaxName = keyof Syntax;

export const NO_SYNTAX: Syntax = {
  autolinkLiteral: false,
  footnote: false,
  strikethrough: false,
  table: false,
  taskListItem: false,
  directive: false,
};
