import { DEFAULT_TASK_CRON } from '@outpost/shared';

/** The schedule editor's tabs (spec server-page.md section 2.7). */
export const SCHEDULE_MODES = ['hourly', 'daily', 'weekly', 'monthly', 'advanced'] as const;
export type ScheduleMode = (typeof SCHEDULE_MODES)[number];

/** What the simple tabs edit; `expression` is the advanced tab's raw text. */
export interface ScheduleFields {
  minute: number;
  hour: number;
  /** Daily: every this many days. */
  everyDays: number;
  /** Monthly: on this day of the month. */
  dayOfMonth: number;
  /** Weekly: 0 Sunday to 6 Saturday. */
  weekdays: number[];
  expression: string;
}

export interface Schedule {
  mode: ScheduleMode;
  fields: ScheduleFields;
}

const ALL_WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

// Spec section 9: minute 0, hour 0, every day, any month, all weekdays.
export const defaultFields = (): ScheduleFields => ({ minute: 0, hour: 0, everyDays: 1, dayOfMonth: 1, weekdays: [...ALL_WEEKDAYS], expression: DEFAULT_TASK_CRON });

const number = (text: string, min: number, max: number): number | undefined => {
  if (!/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
};

const isAny = (text: string) => text === '*' || text === '?';

/** Which tab shows `expression`, with its fields read from it; anything the tabs cannot show opens Advanced. */
export function parseSchedule(expression: string): Schedule {
  const fields = { ...defaultFields(), expression };
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) return { mode: 'advanced', fields };
  const [minuteText, hourText, dayText, monthText, weekdayText] = parts;
  const minute = number(minuteText, 0, 59);
  if (minute === undefined || !isAny(monthText)) return { mode: 'advanced', fields };
  fields.minute = minute;
  if (isAny(hourText) && isAny(dayText) && isAny(weekdayText)) return { mode: 'hourly', fields };
  const hour = number(hourText, 0, 23);
  if (hour === undefined) return { mode: 'advanced', fields };
  fields.hour = hour;
  const every = /^\*\/(\d+)$/.exec(dayText);
  if (every && isAny(weekdayText) && number(every[1], 1, 31) !== undefined) return { mode: 'daily', fields: { ...fields, everyDays: Number(every[1]) } };
  if (isAny(dayText) && isAny(weekdayText)) return { mode: 'daily', fields: { ...fields, everyDays: 1 } };
  const dayOfMonth = number(dayText, 1, 31);
  if (dayOfMonth !== undefined && isAny(weekdayText)) return { mode: 'monthly', fields: { ...fields, dayOfMonth } };
  const weekdays = weekdayText.split(',').map((day) => number(day, 0, 7));
  if (isAny(dayText) && weekdays.every((day) => day !== undefined)) {
    return { mode: 'weekly', fields: { ...fields, weekdays: [...new Set(weekdays.map((day) => day! % 7))].sort() } };
  }
  return { mode: 'advanced', fields };
}

/** The expression a tab's fields stand for. */
export function buildSchedule({ mode, fields }: Schedule): string {
  const { minute, hour } = fields;
  switch (mode) {
    case 'hourly':
      return `${minute} * * * *`;
    case 'daily':
      return `${minute} ${hour} */${fields.everyDays} * *`;
    case 'weekly':
      return `${minute} ${hour} * * ${[...fields.weekdays].sort().join(',')}`;
    case 'monthly':
      return `${minute} ${hour} ${fields.dayOfMonth} * *`;
    case 'advanced':
      return fields.expression;
  }
}

/**
 * Switches tab (spec section 4): the new tab's zero or empty values become 1, a weekly schedule
 * with no weekdays becomes Sunday, and the advanced text takes the expression shown before.
 */
export function switchMode(current: Schedule, mode: ScheduleMode): Schedule {
  const fields = { ...current.fields, expression: buildSchedule(current) };
  if (mode === 'daily' && !(fields.everyDays >= 1)) fields.everyDays = 1;
  if (mode === 'monthly' && !(fields.dayOfMonth >= 1)) fields.dayOfMonth = 1;
  if (mode === 'weekly' && fields.weekdays.length === 0) fields.weekdays = [0];
  return { mode, fields };
}
