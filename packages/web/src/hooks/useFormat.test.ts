import { describe, expect, it } from 'vitest';
import { formatAgo, formatByteSize, intlLocale } from './useFormat';

describe('formatByteSize', () => {
  it('writes sizes with the digits, separator and unit names of the chosen language', () => {
    expect(formatByteSize(512, 'en-US')).toBe('512 bytes');
    expect(formatByteSize(512, 'de-DE')).toBe('512 Byte');
    expect(formatByteSize(58_000_000, 'en-US')).toBe('58 MB');
    expect(formatByteSize(1_500_000, 'de-DE')).toBe('1,5 MB');
    expect(formatByteSize(2_500_000_000, intlLocale('ar_SA'))).toMatch(/[٠-٩]/);
  });
});

describe('formatAgo', () => {
  const now = Date.parse('2024-05-10T12:00:00Z');
  it('says how long ago in the largest whole unit, in the chosen language', () => {
    expect(formatAgo(now - 20_000, now, 'en-US')).toBe('now');
    expect(formatAgo(now - 3 * 60_000, now, 'en-US')).toBe('3 minutes ago');
    expect(formatAgo(now - 26 * 3_600_000, now, 'en-US')).toBe('yesterday');
    expect(formatAgo(now - 5 * 86_400_000, now, 'de-DE')).toBe('vor 5 Tagen');
  });
});
