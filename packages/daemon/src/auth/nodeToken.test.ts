import { describe, expect, it } from 'vitest';
import { Scopes } from '@outpost/shared';
import { signNodeToken, verifyNodeToken } from './nodeToken.js';

const exp = () => Math.floor(Date.now() / 1000) + 60;
const expect0 = { node: 'n1', server: 'abcd1234' };

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
}

describe('node tokens', () => {
  it('accepts a token signed with the node secret for this node and server', () => {
    const token = signNodeToken('s3cret', { node: 'n1', user: 'u1', server: 'abcd1234', scopes: [Scopes.ServerStart], exp: exp() });
    expect(verifyNodeToken('s3cret', token, expect0).user).toBe('u1');
  });
  it('refuses a wrong secret, an expired or altered token with 401 ErrTokenInvalid', () => {
    const good = signNodeToken('s3cret', { node: 'n1', user: 'u1', server: 'abcd1234', scopes: [], exp: exp() });
    expect(codeOf(() => verifyNodeToken('other', good, expect0))).toBe('ErrTokenInvalid');
    const old = signNodeToken('s3cret', { node: 'n1', user: 'u1', server: 'abcd1234', scopes: [], exp: 1 });
    expect(codeOf(() => verifyNodeToken('s3cret', old, expect0))).toBe('ErrTokenInvalid');
    const [, sig] = good.split('.');
    const forged = Buffer.from(JSON.stringify({ node: 'n1', user: 'u1', server: 'abcd1234', scopes: [Scopes.ServersAdmin], exp: exp() })).toString('base64url');
    expect(codeOf(() => verifyNodeToken('s3cret', `${forged}.${sig}`, expect0))).toBe('ErrTokenInvalid');
    expect(codeOf(() => verifyNodeToken('s3cret', undefined, expect0))).toBe('ErrTokenInvalid');
  });
  it('refuses a token for another server or node with ErrNoPermission', () => {
    const token = signNodeToken('s3cret', { node: 'n1', user: 'u1', server: 'ffff0000', scopes: [], exp: exp() });
    expect(codeOf(() => verifyNodeToken('s3cret', token, expect0))).toBe('ErrNoPermission');
    const other = signNodeToken('s3cret', { node: 'n2', user: 'u1', server: 'abcd1234', scopes: [], exp: exp() });
    expect(codeOf(() => verifyNodeToken('s3cret', other, expect0))).toBe('ErrNoPermission');
  });
});
