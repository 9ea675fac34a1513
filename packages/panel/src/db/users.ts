import { sql, type Kysely, type Selectable } from 'kysely';
import { normaliseEmail } from '../services/normaliseEmail.js';
import { lockAdmins } from './permissions.js';
import type { Database, UsersTable } from './schema.js';

export type UserRow = Selectable<UsersTable>;

/** One field's filter of the user list: exact, or a pattern in which `*` is any text. */
export interface UserMatch {
  username?: string;
  email?: string;
}

// `!` escapes the LIKE wildcards found in the text itself; every dialect reads it the same way
// (a backslash would be an escape inside MySQL's string literals too).
function likePattern(value: string): string {
  return value
    .toLowerCase()
    .replace(/[!%_]/g, (c) => `!${c}`)
    .replaceAll('*', '%');
}

/** The users table: accounts, password hashes and two-factor state. */
export function usersRepository(db: Kysely<Database>) {
  const normalise = (row: UserRow | undefined): UserRow | undefined =>
    row && { ...row, otp_active: Number(row.otp_active), otp_last_counter: row.otp_last_counter === null ? null : Number(row.otp_last_counter) };

  return {
    async count(): Promise<number> {
      const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Inserts (email normalised) and answers the new id; a duplicate username or email throws the driver's unique error. */
    async insert(user: { username: string; email: string; passwordHash: string }): Promise<number> {
      const email = normaliseEmail(user.email);
      await db.insertInto('users').values({ username: user.username, email, password_hash: user.passwordHash, otp_active: 0 }).execute();
      const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      return row.id;
    },

    /** One page of users by username, filtered by `match` in any case; with the total that match. */
    async page(options: { offset: number; limit: number; match: UserMatch }): Promise<{ rows: UserRow[]; total: number }> {
      let rows = db.selectFrom('users').selectAll();
      let count = db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n'));
      for (const field of ['username', 'email'] as const) {
        const value = options.match[field];
        if (value === undefined || value === '') continue;
        const condition = sql<boolean>`lower(${sql.ref(field)}) like ${likePattern(value)} escape '!'`;
        rows = rows.where(condition);
        count = count.where(condition);
      }
      const [page, total] = await Promise.all([rows.orderBy('username').orderBy('id').limit(options.limit).offset(options.offset).execute(), count.executeTakeFirstOrThrow()]);
      return { rows: page.map((row) => normalise(row)!), total: Number(total.n) };
    },

    async byId(id: number): Promise<UserRow | undefined> {
      return normalise(await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst());
    },

    /**
     * The account of an email, in any case. Emails are stored lower-cased; two accounts that
     * existed before that and differ only by case keep their emails (migration 0003), and then
     * the exact spelling wins, else the lower-cased one.
     */
    async byEmail(email: string): Promise<UserRow | undefined> {
      const exact = email.trim();
      const lower = normaliseEmail(email);
      const rows = await db.selectFrom('users').selectAll().where('email', 'in', [...new Set([lower, exact])]).execute();
      return normalise(rows.find((r) => r.email === exact) ?? rows.find((r) => r.email === lower) ?? rows[0]);
    },

    /** Every account's id and stored email: what a new email is compared with for look-alikes. */
    async emails(): Promise<{ id: number; email: string }[]> {
      return db.selectFrom('users').select(['id', 'email']).execute();
    },

    async byUsername(username: string): Promise<UserRow | undefined> {
      return normalise(await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst());
    },

    async update(id: number, changes: { username?: string; email?: string; passwordHash?: string }): Promise<void> {
      const values = {
        ...(changes.username !== undefined ? { username: changes.username } : {}),
        ...(changes.email !== undefined ? { email: normaliseEmail(changes.email) } : {}),
        ...(changes.passwordHash !== undefined ? { password_hash: changes.passwordHash } : {}),
      };
      if (Object.keys(values).length > 0) await db.updateTable('users').set(values).where('id', '=', id).execute();
    },

    /** Stores a secret that is not active until confirmed (or clears it with null). */
    async setOtp(id: number, secret: string | null, active: boolean): Promise<void> {
      await db.updateTable('users').set({ otp_secret: secret, otp_active: active ? 1 : 0, otp_last_counter: null }).where('id', '=', id).execute();
    },

    /**
     * Records `counter` as used when it is newer than the last one used; answers false when it is
     * not, so one code cannot be used twice, even by two requests at once.
     */
    async useOtpCounter(id: number, counter: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ otp_last_counter: counter })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('otp_last_counter', 'is', null), eb('otp_last_counter', '<', counter)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },

    /**
     * Deletes a user (their sessions, clients, permissions and settings go with the row), unless
     * they are the last administrator: then answers false and deletes nothing.
     */
    async deleteKeepingAdmin(id: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const admins = await lockAdmins(trx);
        if (admins.length === 1 && admins[0] === id) return false;
        await trx.deleteFrom('users').where('id', '=', id).execute();
        return true;
      });
    },
  };
}
