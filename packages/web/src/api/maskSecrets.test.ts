import { describe, expect, it } from 'vitest';
import { maskSecrets } from './maskSecrets';

describe('maskSecrets', () => {
  it('hides passwords and tokens at any depth, keeping the rest', () => {
    expect(maskSecrets({ email: 'a@b.c', password: 'hunter22', nested: [{ newPassword: 'x', name: 'n' }], token: '123456' })).toEqual({
      email: 'a@b.c',
      password: '********',
      nested: [{ newPassword: '********', name: 'n' }],
      token: '********',
    });
  });

  it('leaves plain values alone', () => {
    expect(maskSecrets('text')).toBe('text');
    expect(maskSecrets(undefined)).toBeUndefined();
  });
});
