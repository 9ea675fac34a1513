import { describe, expect, it } from 'vitest';
import { formatByteSize, intlLocale } from './useFormat';

describe('formatByteSize', () => {
  it('writes sizes with the digits, separator and unit names of the chosen language', () => {
    expect(formatByteSize(512, 'en-US')).toBe('512 bytes');
    expect(formatByteSize(512, 'de-DE')).toBe('512 Byte');
    expect(formatByteSize(58_000_000, 'en-US')).toBe('58 MB');
    expect(formatByteSize(1_500_000, 'de-DE')).toBe('1,5 MB');
    expect(formatByteSize(2_500_000_000, intlLocale('ar_SA'))).toMatch(/[٠-٩]/);
  });
});
