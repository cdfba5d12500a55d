/**
 * Statements built on first use (not while the modules load) and kept for the process (decisions
 * 039, 070): drizzle builds a query's SQL from its parts on every call otherwise, which cost the
 * pages that run on every request more than running the statements.
 */
export function preparedOnce<T>(prepare: () => T): () => T {
  let kept: T | undefined;
  return () => (kept ??= prepare());
}

/** The same, one for each of a few keys (a list's filter, a kind of list). */
export function preparedFor<K, T>(prepare: (key: K) => T): (key: K) => T {
  const kept = new Map<K, T>();
  return (key) => {
    let statements = kept.get(key);
    if (statements === undefined) {
      statements = prepare(key);
      kept.set(key, statements);
    }
    return statements;
  };
}
