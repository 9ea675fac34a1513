/**
 * The command that makes the account with `email` the panel's administrator, ready to paste into
 * a shell: an email with characters a shell reads itself is single-quoted.
 */
export function firstAdminCommand(email: string): string {
  const quoted = /^[\w@.+-]+$/.test(email) ? email : `'${email.replaceAll("'", `'\\''`)}'`;
  return `npx outpost user add --admin --email ${quoted}`;
}
