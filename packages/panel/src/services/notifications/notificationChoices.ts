import { NOTIFICATION_EVENTS, type NotificationEvent } from '@outpost/shared';
import type { Repositories } from '../../db/repositories.js';

/** The user setting that holds the events a user is mailed about, as a JSON list. */
const NOTIFICATIONS_USER_SETTING = 'notifications';

const isNotificationEvent = (value: unknown): value is NotificationEvent => NOTIFICATION_EVENTS.includes(value as NotificationEvent);

/** The events in a stored value; anything unreadable counts as none chosen (the default). */
function parseChoices(value: string | undefined): NotificationEvent[] {
  try {
    const parsed: unknown = JSON.parse(value ?? '[]');
    return Array.isArray(parsed) ? NOTIFICATION_EVENTS.filter((event) => parsed.includes(event)) : [];
  } catch {
    return [];
  }
}

/** The events one user chose to be mailed about. */
export async function readNotificationChoices(repo: Repositories, userId: number): Promise<NotificationEvent[]> {
  const stored = (await repo.userSettings.list(userId)).find((s) => s.key === NOTIFICATIONS_USER_SETTING)?.value;
  return parseChoices(stored);
}

/** Keeps a user's choice, in the screen's order and once each. */
export async function saveNotificationChoices(repo: Repositories, userId: number, events: readonly string[]): Promise<NotificationEvent[]> {
  const chosen = NOTIFICATION_EVENTS.filter((event) => events.includes(event));
  await repo.userSettings.set(userId, NOTIFICATIONS_USER_SETTING, JSON.stringify(chosen));
  return chosen;
}

/** The users who chose to be mailed about one event (who may see what it is about is for the caller to ask). */
export async function usersNotifiedOf(repo: Repositories, event: string): Promise<number[]> {
  if (!isNotificationEvent(event)) return [];
  const rows = await repo.userSettings.withKey(NOTIFICATIONS_USER_SETTING);
  return rows.filter((row) => parseChoices(row.value).includes(event)).map((row) => row.userId);
}
