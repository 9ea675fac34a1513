import { Cron } from 'croner';
import { OutpostError } from '@outpost/shared';

/** The IANA time zone this node schedules tasks in: its own. */
export function nodeTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A schedule as croner reads it: the editor's `?` (any day) is croner's `*`, not "now". */
function cronPattern(expression: string): string {
  return expression.trim().replace(/\?/g, '*');
}

/** Throws 400 ErrInvalidCron {cron} unless `expression` is a five-field cron expression or an alias (@daily). */
export function checkSchedule(expression: string): void {
  try {
    new Cron(cronPattern(expression), { mode: '5-part', paused: true }).stop();
  } catch (error) {
    throw new OutpostError('ErrInvalidCron', `not a valid cron expression: ${(error as Error).message}`, { cron: expression });
  }
}

/** A croner job calling `run` on each time `expression` names, in the node's time zone. */
export function scheduleCron(expression: string, run: () => void): Cron {
  return new Cron(cronPattern(expression), { mode: '5-part', unref: true }, run);
}
