import { Scopes } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../test/factories.js';
import { emailSkeleton, mixesScripts } from './lookalikeEmails.js';
import { normaliseEmail } from './normaliseEmail.js';

describe('look-alike emails', () => {
  it('reads full-width and styled letters as the plain ones, and Cyrillic or Greek look-alikes as Latin', () => {
    expect(normaliseEmail(' ＡＤＭＩＮ@ｅｘａｍｐｌｅ.ｃｏｍ ')).toBe('admin@example.com');
    expect(normaliseEmail('𝐚𝐝𝐦𝐢𝐧@example.com')).toBe('admin@example.com');
    expect(emailSkeleton('аdmin@example.com')).toBe('admin@example.com'); // Cyrillic а
    expect(emailSkeleton('раураl@ехаmple.com')).toBe('paypal@example.com'); // Cyrillic р, а, у, е, х
    expect(emailSkeleton('αdmin@εxample.com')).not.toBe('admin@example.com'); // a Greek epsilon reads as no e
    expect(emailSkeleton('admin@example.com')).toBe('admin@example.com');
  });

  it('finds two scripts in one local part or one domain label, and allows one script per part', () => {
    expect(mixesScripts('аdmin@example.com')).toBe(true);
    expect(mixesScripts('admin@exаmple.com')).toBe(true);
    expect(mixesScripts('admin@example.com')).toBe(false);
    expect(mixesScripts('иван@пример.рф')).toBe(false);
    expect(mixesScripts('ivan@пример.рф')).toBe(false); // Latin here, Cyrillic there: each part is one script
    expect(mixesScripts('山田taro@example.jp')).toBe(false);
    expect(mixesScripts('josé.müller@exämple.de')).toBe(false);
  });

  describe('at registration, user creation and email change', () => {
    let t: TestApp;
    let admin: TestUser;
    let victim: TestUser;
    let sequence = 0;
    beforeAll(async () => {
      t = await createTestApp();
      admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
      victim = await createSignedInUser(t.app, []);
    });
    afterAll(() => t.close());

    // Each registration from its own address: the per-address budget is not what this tests.
    const register = (email: string) => {
      sequence += 1;
      return t.app.inject({ method: 'POST', url: '/auth/register', remoteAddress: `10.9.0.${sequence}`, payload: { username: `lookalike_${sequence}`, email, password: 'password 123' } });
    };
    const create = (email: string) => {
      sequence += 1;
      return t.app.inject({ method: 'POST', url: '/api/users', headers: admin.headers, payload: { username: `lookalike_${sequence}`, email, password: 'password 123' } });
    };
    const changeOwn = (user: TestUser, email: string) => t.app.inject({ method: 'PUT', url: '/api/self', headers: user.headers, payload: { email, password: user.password } });
    // The victim's address with the 'e' of user_… in Cyrillic, and with its domain's 'a' in Cyrillic.
    const cyrillicLocal = () => victim.email.replace('e', 'е');
    const cyrillicDomain = () => victim.email.replace('example', 'exаmple');

    it('refuses an address that reads as a registered one, as a taken email, and stores nothing', async () => {
      const before = await t.app.panel.repo.users.count();
      for (const email of [cyrillicLocal(), cyrillicDomain(), victim.email.toUpperCase().replace('U', 'Ｕ')]) {
        for (const res of [await register(email), await create(email)]) {
          expect([res.statusCode, res.json().error], email).toEqual([409, expect.objectContaining({ reason: 'ErrAlreadyExists', metadata: { field: 'email' } })]);
        }
      }
      const someone = await createSignedInUser(t.app, []);
      const res = await changeOwn(someone, cyrillicLocal());
      expect([res.statusCode, res.json().error.metadata]).toEqual([409, { field: 'email' }]);
      expect(await t.app.panel.repo.users.count()).toBe(before + 1);
      expect((await t.app.panel.repo.users.byId(someone.id))?.email).toBe(someone.email);
    });

    it('refuses a look-alike written wholly in another script, which no mixing gives away', async () => {
      expect((await create('eco@xop.com')).statusCode).toBe(200);
      const whollyCyrillic = 'есо@хор.com'; // е, с, о and х, о, р are Cyrillic; each part is one script
      expect(mixesScripts(whollyCyrillic)).toBe(false);
      for (const res of [await register(whollyCyrillic), await create(whollyCyrillic)]) {
        expect([res.statusCode, res.json().error.metadata]).toEqual([409, { field: 'email' }]);
      }
    });

    it('refuses an address that mixes scripts, though nobody holds its look-alike', async () => {
      for (const res of [await register('nоbody@example.com'), await create('nobody@exаmple.com')]) {
        expect([res.statusCode, res.json().error]).toEqual([400, expect.objectContaining({ code: 'ErrFieldNotEmail', metadata: { field: 'email' } })]);
      }
    });

    it('stores a full-width address as the plain one, and still takes addresses in one script of their own', async () => {
      const fullWidth = await register('ｆｕｌｌ@example.com');
      expect(fullWidth.statusCode).toBe(200);
      expect((await t.app.panel.repo.users.byEmail('full@example.com'))?.username).toBe(`lookalike_${sequence}`);
      expect((await register('иван@пример.рф')).statusCode).toBe(200);
      // Keeping one's own address, sent again, is no conflict.
      expect((await changeOwn(victim, victim.email)).statusCode).toBe(200);
    });
  });
});
