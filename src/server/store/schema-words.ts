/** Why a store's schema keeps it from serving, in words for an operator (readiness), or undefined when it is this coopctl's. */
export function schemaProblem(version: number, current: number): string | undefined {
  if (version === current) return undefined;
  return version < current
    ? `the database's migrations are not applied (schema version ${version} of ${current})`
    : `the database has schema version ${version}, newer than this coopctl knows (${current})`;
}
