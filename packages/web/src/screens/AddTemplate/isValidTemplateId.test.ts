import { describe, expect, it } from 'vitest';
import { isValidTemplateId } from './isValidTemplateId';

describe('isValidTemplateId', () => {
  it('accepts lowercase letters, digits, dashes and underscores', () => {
    expect(isValidTemplateId('nodejs')).toBe(true);
    expect(isValidTemplateId('minecraft-java_1')).toBe(true);
  });

  it('refuses an empty id, capitals, dots, spaces and slashes', () => {
    for (const id of ['', 'NodeJS', 'my.template', 'my template', 'a/b', '../x']) expect(isValidTemplateId(id)).toBe(false);
  });

  it('refuses ids longer than the panel stores', () => {
    expect(isValidTemplateId('a'.repeat(100))).toBe(true);
    expect(isValidTemplateId('a'.repeat(101))).toBe(false);
  });
});
