import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Whether the database answers a trivial query within `timeoutMs`. A load balancer's check must
 * not hang on a database that is gone: PostgreSQL's pool waits on an unreachable host far longer.
 */
export async function databaseAnswers(db: Kysely<Database>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const query = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}
