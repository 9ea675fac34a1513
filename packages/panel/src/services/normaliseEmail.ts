/** The form emails are stored and compared in: trimmed and lower-cased, so `ADMIN@example.com` is `admin@example.com`. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
