import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { firstAdminCommand } from './firstAdminCommand';

describe('the first-administrator command', () => {
  it('names the email as it is when the shell reads nothing in it', () => {
    expect(firstAdminCommand('first.admin+panel@example.com')).toBe('npx outpost user add --admin --email first.admin+panel@example.com');
  });

  it("hands a shell an email with $, quotes or ; as one word, unchanged", () => {
    for (const email of ["o'brien$HOME;x@example.com", 'a`id`"b@example.com']) {
      const command = firstAdminCommand(email).replace('npx outpost user add --admin --email', 'printf %s');
      expect(execFileSync('/bin/sh', ['-c', command], { encoding: 'utf8' })).toBe(email);
    }
  });
});
