import type { ActivityEntry } from '@outpost/shared';

/** The catalogue key of an event's label: its dots become underscores, as `auth.login` and `auth.login.failed` cannot both be keys of one tree. */
export const eventLabelKey = (event: string) => `activity.events.${event.replaceAll('.', '_')}`;

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The values an entry is about, as the payload holds them (a path, a command, a user), in one
 * short line; words around them would need a sentence per event and language, the label says what happened.
 */
export function activitySummary({ data }: Pick<ActivityEntry, 'data'>): string {
  const user = data.user as { username?: string; email?: string } | undefined;
  const parts = [
    str(data.command),
    str(data.path),
    str(data.from) && str(data.to) ? `${String(data.from)} → ${String(data.to)}` : str(data.to),
    Array.isArray(data.paths) ? data.paths.join(', ') : undefined,
    str(data.destination) && `→ ${String(data.destination)}`,
    str(user?.username) ?? str(user?.email),
    str(data.email),
    str(data.username),
    str(data.name),
    Array.isArray(data.keys) ? data.keys.join(', ') : undefined,
    str(data.error) ?? str(data.reason),
    // A crash: the console's last line, which most often says why.
    Array.isArray(data.lines) ? str(data.lines.at(-1)) : undefined,
    // A sign-in: how (password, otp, recovery, oidc, passkey), and the SSH key's fingerprint.
    str(data.method),
    str(data.key),
  ];
  return parts.filter((part): part is string => part !== undefined).join(' · ');
}
