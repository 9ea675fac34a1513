import type { Kysely, Selectable } from 'kysely';
import type { Database, TemplatesTable } from './schema.js';

export type TemplateRow = Selectable<TemplatesTable>;
export type TemplateSummaryRow = Omit<TemplateRow, 'definition' | 'updated_at'>;

/** The templates table: definitions in API form, kept as JSON text. */
export function templatesRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<TemplateSummaryRow[]> {
      return db.selectFrom('templates').select(['id', 'name', 'display', 'type']).orderBy('id').execute();
    },

    async byId(id: string): Promise<TemplateRow | undefined> {
      return db.selectFrom('templates').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Inserts or overwrites the template with this id (an import replaces the one it names). */
    async save(template: Omit<TemplateRow, 'updated_at'>): Promise<void> {
      const row = { ...template, updated_at: Date.now() };
      await db.transaction().execute(async (trx) => {
        const found = await trx.selectFrom('templates').select('id').where('id', '=', template.id).executeTakeFirst();
        if (found) await trx.updateTable('templates').set(row).where('id', '=', template.id).execute();
        else await trx.insertInto('templates').values(row).execute();
      });
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('templates').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
