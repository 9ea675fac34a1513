import type { Kysely } from 'kysely';

/**
 * Emails are compared without case from here on, and stored trimmed and lower-cased. Existing
 * emails are lowered in code, not SQL, so SQLite, PostgreSQL and MySQL agree on what "lower"
 * means. Two accounts that differ only by case both stay: the one already lower-case (or else
 * the oldest) takes the lower-case form, the others keep their spelling and sign in by typing it
 * exactly (users.byEmail prefers the exact spelling).
 */
export function lowercaseEmails() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      const rows: { id: number; email: string }[] = await db.selectFrom('users').select(['id', 'email']).orderBy('id').execute();
      const byLower = new Map<string, { id: number; email: string }[]>();
      for (const row of rows) {
        const lower = row.email.trim().toLowerCase();
        byLower.set(lower, [...(byLower.get(lower) ?? []), row]);
      }
      for (const [lower, accounts] of byLower) {
        if (accounts.some((a) => a.email === lower)) continue;
        await db.updateTable('users').set({ email: lower }).where('id', '=', accounts[0]!.id).execute();
      }
    },
    // The old spelling is not kept: going down leaves the lower-cased emails as they are.
    async down(): Promise<void> {},
  };
}
