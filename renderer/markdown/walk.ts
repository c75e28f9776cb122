import type { Node, Parent } from 'unist';

/** Returned by a visitor: do not enter this node's children. */
export const SKIP = 'skip';

/** What a visitor may return: nothing, SKIP, the index of the sibling to visit next, or both. */
export type WalkResult = void | typeof SKIP | number | [typeof SKIP, number];

/**
 * Visits every node of a tree in document order, as unist-util-visit does (the same return
 * values, children read live so a visitor may splice its parent's). Written out because the
 * profile said so: unist-util-visit builds a closure and renames it for every node it passes,
 * which cost ~10 % of a build across the pipeline's passes; this costs a function call.
 */
export function walk<T extends Node = Node>(
  tree: Node,
  type: string | undefined,
  visitor: (node: T, index: number | undefined, parent: Parent | undefined) => WalkResult,
): void {
  const one = (node: Node, index: number | undefined, parent: Parent | undefined): number | undefined => {
    const result = type === undefined || node.type === type ? visitor(node as T, index, parent) : undefined;
    const skip = result === SKIP || (Array.isArray(result) && result[0] === SKIP);
    const children = (node as Parent).children;
    if (!skip && children) {
      for (let i = 0; i < children.length; ) i = one(children[i], i, node as Parent) ?? i + 1;
    }
    return typeof result === 'number' ? result : Array.isArray(result) ? result[1] : undefined;
  };
  one(tree, undefined, undefined);
}
