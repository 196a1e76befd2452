/** pg-boss's statement texts, which the benchmark's pgbench scripts send exactly as the queue does. */
declare module 'pg-boss/src/plans.js' {
  /** The INSERT of one job (numbered parameters $1 to $19) into `schema`'s job table. */
  export function insertJob(schema: string): string;
}
