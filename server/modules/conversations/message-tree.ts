/**
 * A conversation's messages form a tree: each message follows its parent, and siblings (one
 * parent) are variants, regenerated replies or edited versions of a user message. The screen
 * shows one branch, from a first message down to the conversation's active leaf. Pure functions
 * over the rows, in creation order: a 1,000-message conversation is one pass over a map.
 */

export interface TreeNode {
  id: string;
  parentId: string | null;
  createdAt: Date;
}

/** Messages keyed by parent ('' for first messages), each list in creation order. */
function childrenOf<T extends TreeNode>(rows: readonly T[]): Map<string, T[]> {
  const children = new Map<string, T[]>();
  for (const row of rows) {
    const key = row.parentId ?? '';
    const list = children.get(key);
    if (list) list.push(row);
    else children.set(key, [row]);
  }
  return children;
}

/**
 * The branch ending at `leafId` (or at the newest message when it is unknown), first message
 * first. A parent id that points outside the conversation ends the walk, as does a cycle.
 */
export function branchTo<T extends TreeNode>(rows: readonly T[], leafId: string | null): T[] {
  if (rows.length === 0) return [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  let node: T | undefined = (leafId ? byId.get(leafId) : undefined) ?? rows[rows.length - 1];
  const branch: T[] = [];
  const seen = new Set<string>();
  while (node && !seen.has(node.id)) {
    seen.add(node.id);
    branch.push(node);
    node = node.parentId ? byId.get(node.parentId) : undefined;
  }
  return branch.reverse();
}

export interface Variants {
  index: number;
  count: number;
  ids: string[];
}

/** Each message's place among its siblings: index from 1, in creation order, with the siblings' ids. */
export function variantsOf<T extends TreeNode>(rows: readonly T[]): Map<string, Variants> {
  const variants = new Map<string, Variants>();
  for (const siblings of childrenOf(rows).values()) {
    const ids = siblings.map((row) => row.id);
    siblings.forEach((row, i) => variants.set(row.id, { index: i + 1, count: siblings.length, ids }));
  }
  return variants;
}

/**
 * The leaf to show when the user picks `messageId` (a variant flip): the newest message of the
 * subtree under it, so the branch reads on from the variant where it was last continued.
 */
export function newestLeafUnder<T extends TreeNode>(rows: readonly T[], messageId: string): string | null {
  const children = childrenOf(rows);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const start = byId.get(messageId);
  if (!start) return null;
  let newest = start;
  const stack = [start];
  const seen = new Set<string>();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    if (node.createdAt.getTime() > newest.createdAt.getTime()) newest = node;
    stack.push(...(children.get(node.id) ?? []));
  }
  return newest.id;
}
