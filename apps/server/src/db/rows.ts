/** drizzle's execute answers an array on postgres-js and { rows } on PGlite: the rows either way. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
