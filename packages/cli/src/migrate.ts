import { loadConfig, migrateToLatest, openDatabase } from '@outpost/panel';

/** `outpost migrate`: brings the configured database's schema up to date and says what ran. */
export async function migrate(_argv: string[]): Promise<void> {
  const config = loadConfig();
  const db = openDatabase(config.db);
  try {
    const ran = await migrateToLatest(db, config.db.dialect);
    console.log(ran.length ? `Applied ${ran.join(', ')}.` : 'The database is up to date.');
  } finally {
    await db.destroy();
  }
}
