import { describe, expect, it } from 'vitest';
import { buildSchedule, defaultFields, parseSchedule, switchMode } from './cronSchedule';

describe('the schedule editor model', () => {
  it('opens the default schedule on the daily tab and writes it back unchanged', () => {
    const schedule = parseSchedule('0 0 */1 * *');
    expect(schedule.mode).toBe('daily');
    expect(buildSchedule(schedule)).toBe('0 0 */1 * *');
  });

  it('reads each simple tab back from its own expression', () => {
    for (const [expression, mode] of [['15 * * * *', 'hourly'], ['30 4 */2 * *', 'daily'], ['0 6 * * 1,3,5', 'weekly'], ['0 6 12 * *', 'monthly']] as const) {
      const schedule = parseSchedule(expression);
      expect(schedule.mode, expression).toBe(mode);
      expect(buildSchedule(schedule), expression).toBe(expression);
    }
    expect(parseSchedule('0 6 ? * *').mode).toBe('daily');
    expect(parseSchedule('*/5 * * * *').mode).toBe('advanced');
    expect(parseSchedule('@weekly').mode).toBe('advanced');
  });

  it('rewrites the expression when the tab changes, turning zero values into 1 and no weekdays into Sunday', () => {
    const daily = { mode: 'daily' as const, fields: { ...defaultFields(), minute: 5, hour: 7, everyDays: 0, dayOfMonth: 0, weekdays: [] } };
    expect(buildSchedule(switchMode(daily, 'daily'))).toBe('5 7 */1 * *');
    expect(buildSchedule(switchMode(daily, 'monthly'))).toBe('5 7 1 * *');
    expect(buildSchedule(switchMode(daily, 'weekly'))).toBe('5 7 * * 0');
    expect(buildSchedule(switchMode(daily, 'hourly'))).toBe('5 * * * *');
    expect(buildSchedule(switchMode(parseSchedule('0 6 * * 1,3'), 'advanced'))).toBe('0 6 * * 1,3');
  });
});
