import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface TemplateRepositoryRow {
  id: number;
  url: string;
}

/** The template_repositories table: the repositories added by URL, oldest first. */
export function templateRepositoriesRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<TemplateRepositoryRow[]> {
      return db.selectFrom('template_repositories').select(['id', 'url']).orderBy('id').execute();
    },

    async byId(id: number): Promise<TemplateRepositoryRow | undefined> {
      return db.selectFrom('template_repositories').select(['id', 'url']).where('id', '=', id).executeTakeFirst();
    },

    async byUrl(url: string): Promise<TemplateRepositoryRow | undefined> {
      return db.selectFrom('template_repositories').select(['id', 'url']).where('url', '=', url).executeTakeFirst();
    },

    async add(url: string): Promise<TemplateRepositoryRow> {
      await db.insertInto('template_repositories').values({ url, created_at: Date.now() }).execute();
      return db.selectFrom('template_repositories').select(['id', 'url']).where('url', '=', url).executeTakeFirstOrThrow();
    },

    async delete(id: number): Promise<boolean> {
      const result = await db.deleteFrom('template_repositories').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
