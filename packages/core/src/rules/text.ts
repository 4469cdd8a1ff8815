/**
 * Characters no text field may carry. PostgreSQL cannot store NUL in text at all, and no person
 * types one; refusing it at the edge turns a database error into a field error.
 */
const FORBIDDEN_CHARACTER = '\u0000';

export const INVALID_CHARACTERS_KEY = 'msg.invalid-characters';

/**
 * The path (keys joined by dots) of the first string anywhere inside `value` that holds a
 * forbidden character, or null when there is none. Keys are checked too, as they become
 * column names or JSON keys. Depth is bounded so hostile nesting cannot exhaust the stack.
 */
export function findForbiddenTextPath(value: unknown, maxDepth = 64): string | null {
  const visit = (node: unknown, path: string[], depth: number): string | null => {
    if (typeof node === 'string') return node.includes(FORBIDDEN_CHARACTER) ? path.join('.') : null;
    if (typeof node !== 'object' || node === null || depth >= maxDepth) return null;
    const entries = Array.isArray(node)
      ? node.map((item, index) => [String(index), item] as const)
      : Object.entries(node);
    for (const [key, child] of entries) {
      const childPath = [...path, key];
      if (key.includes(FORBIDDEN_CHARACTER)) return childPath.join('.');
      const found = visit(child, childPath, depth + 1);
      if (found !== null) return found;
    }
    return null;
  };
  return visit(value, [], 0);
}
