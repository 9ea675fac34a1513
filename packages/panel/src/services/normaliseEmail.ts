/**
 * The form emails are stored and compared in: Unicode NFKC (a full-width `ａ` or a mathematical
 * `𝐚` is the plain `a` it stands for), trimmed and lower-cased, so `ADMIN@example.com` is `admin@example.com`.
 */
export function normaliseEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}
