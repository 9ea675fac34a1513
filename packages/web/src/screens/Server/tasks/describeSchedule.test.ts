import { describe, expect, it } from 'vitest';
import { cronLocale, describeSchedule } from './describeSchedule';

describe('describeSchedule', () => {
  it('says the default schedule in words, in the user language with both Chinese variants', () => {
    expect(describeSchedule('0 0 */1 * *', 'en_US')).toMatch(/00:00/);
    expect(cronLocale('zh_CN')).toBe('zh_CN');
    expect(cronLocale('zh_TW')).toBe('zh_TW');
    expect(cronLocale('no_NO')).toBe('nb');
    expect(cronLocale('el_GR')).toBe('en');
    const simplified = describeSchedule('0 0 */1 * *', 'zh_CN');
    const traditional = describeSchedule('0 0 */1 * *', 'zh_TW');
    expect(simplified).toMatch(/[\u4e00-\u9fff]/);
    expect(traditional).toMatch(/[\u4e00-\u9fff]/);
    expect(describeSchedule('0 0 */1 * *', 'de_DE')).not.toBe(describeSchedule('0 0 */1 * *', 'en_US'));
  });

  it('answers nothing for an expression that is no cron', () => {
    expect(describeSchedule('every day', 'en_US')).toBeUndefined();
    expect(describeSchedule('61 * * * *', 'en_US')).toBeUndefined();
  });
});
