/** Line shapes both the cut (chunks.ts) and the block parser (blocks.ts) test, as CommonMark and the directive syntax define them. */

export const BLANK = /^[ \t]*$/;
/** A thematic break: three or more of one of `*`, `-`, `_`, spaces and tabs between. */
export const THEMATIC_BREAK = /^(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
/** A line that may close fenced code: up to three spaces, the fence, trailing whitespace. */
export const CLOSING_FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
/** A line that may close a directive container: up to three spaces, colons, trailing whitespace. */
export const CONTAINER_CLOSE = /^ {0,3}(:{3,})[ \t]*$/;
