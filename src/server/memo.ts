/**
 * A pure function of a string, remembered: the same argument gives the same
 * result object, without computing it again (the answer of a cached
 * registration record is then neither built nor copied again). At most
 * `limit` results are kept; when full, it starts again empty.
 */
export function memoize<T>(fn: (arg: string) => T, limit: number): (arg: string) => T {
  const results = new Map<string, T>();
  return (arg) => {
    let result = results.get(arg);
    if (result === undefined) {
      result = fn(arg);
      if (results.size >= limit) results.clear();
      results.set(arg, result);
    }
    return result;
  };
}
