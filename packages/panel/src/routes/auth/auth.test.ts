import { Scopes, SettingKeys } from '@outpost/shared';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hash } from '@node-rs/argon2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DefaultLoginLimits } from '../../services/failedLogins.js';
import { currentOtpCode } from '../../services/otpCodes.js';
import { createSignedInUser, createTestApp, type TestApp } from '../../test/factories.js';

/** The `name=value` pairs a response sets, for sending back as a Cookie header. */
function cookiesOf(res: { cookies: { name: string; value: string }[] }): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

describe('/auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('POST /auth/register', () => {
    it('creates an account with no scopes and signs it in: the answer carries token and scopes, and sets the cookie', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: 'newbie', email: 'newbie@example.com', password: 'password1' } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), session: body.token, scopes: [] });
      const cookie = res.cookies.find((c) => c.name === 'outpost_session');
      expect(cookie).toMatchObject({ value: body.token, httpOnly: true, sameSite: 'Strict', path: '/' });
      expect(cookie?.secure).toBeFalsy();
      const self = await t.app.inject({ method: 'GET', url: '/api/self', headers: { authorization: `Bearer ${body.token}` } });
      expect(self.json()).toMatchObject({ username: 'newbie', email: 'newbie@example.com', otpActive: false, scopes: [] });
      const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'newbie@example.com', password: 'password1' } });
      expect(login.json().scopes).toEqual([]);
    });

    it('refuses a short username, a bad email, a short password and a missing field with the spec codes', async () => {
      const attempt = async (payload: object) => (await t.app.inject({ method: 'POST', url: '/auth/register', payload })).json().error;
      expect(await attempt({ username: 'abc', email: 'a@example.com', password: 'password1' })).toMatchObject({ code: 'ErrUsernameRequirements' });
      expect(await attempt({ username: 'has space', email: 'a@example.com', password: 'password1' })).toMatchObject({ code: 'ErrUsernameRequirements' });
      expect(await attempt({ username: 'abcde', email: 'not-an-email', password: 'password1' })).toMatchObject({ code: 'ErrFieldNotEmail' });
      expect(await attempt({ username: 'abcde', email: 'a@example.com', password: 'short' })).toMatchObject({ code: 'ErrPasswordRequirements' });
      expect(await attempt({ username: 'abcde', email: 'a@example.com' })).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: 'password' } });
    });

    it('refuses a password whose confirmation differs with 400 ErrFieldNotEqual and makes no account', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/auth/register', remoteAddress: '10.7.4.1', headers: { 'content-type': 'application/json' }, payload: '{"username":"confirmer","email":"confirmer@example.com","password":"password1","confirmPassword":"password2"}' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'ErrFieldNotEqual', metadata: { field: 'confirmPassword', field2: 'password' } });
      const again = await t.app.inject({ method: 'POST', url: '/auth/register', remoteAddress: '10.7.4.1', payload: { username: 'confirmer', email: 'confirmer@example.com', password: 'password1', confirmPassword: 'password1' } });
      expect(again.statusCode).toBe(200);
    });

    it('refuses a taken email (in any case) with 409, creating nothing and leaving the old account alone', async () => {
      const register = (username: string, email: string, remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/auth/register', remoteAddress, payload: { username, email, password: 'other password' } });
      const owner = await createSignedInUser(t.app);
      const before = await t.app.panel.repo.users.count();
      for (const [username, email] of [['taken_one', owner.email], ['taken_two', ` ${owner.email.toUpperCase()} `]]) {
        const res = await register(username, email, '10.7.0.2');
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toMatchObject({ reason: 'ErrAlreadyExists', metadata: { field: 'email' } });
        expect(res.cookies).toEqual([]);
      }
      expect(await t.app.panel.repo.users.count()).toBe(before);
      // The owner's password still works; the registrant's does not.
      const login = (password: string) => t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: '10.7.0.4', payload: { email: owner.email, password } });
      expect((await login('other password')).statusCode).toBe(400);
      expect((await login(owner.password)).statusCode).toBe(200);
    });

    it('refuses a taken username with 409 ErrAlreadyExists, so a typo gets a clear answer', async () => {
      const first = await t.app.inject({ method: 'POST', url: '/auth/register', remoteAddress: '10.7.1.1', payload: { username: 'taken_name', email: 'taken@example.com', password: 'password1' } });
      expect(first.statusCode).toBe(200);
      const byName = await t.app.inject({ method: 'POST', url: '/auth/register', remoteAddress: '10.7.1.1', payload: { username: 'taken_name', email: 'fresh@example.com', password: 'password1' } });
      expect(byName.statusCode).toBe(409);
      expect(byName.json().error).toMatchObject({ reason: 'ErrAlreadyExists', metadata: { field: 'username' } });
    });

    it('stores emails lower-cased and trimmed: ADMIN@ and admin@ are one account', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/auth/register', remoteAddress: '10.7.2.1', payload: { username: 'casey', email: '  Casey@Example.COM ', password: 'password1' } });
      expect(res.statusCode).toBe(200);
      expect((await t.app.panel.repo.users.byUsername('casey'))?.email).toBe('casey@example.com');
      await t.app.inject({ method: 'POST', url: '/auth/register', remoteAddress: '10.7.2.1', payload: { username: 'casey_two', email: 'CASEY@example.com', password: 'password2' } });
      expect(await t.app.panel.repo.users.byUsername('casey_two')).toBeUndefined();
      for (const email of ['CASEY@EXAMPLE.COM', 'casey@example.com', ' Casey@example.com']) {
        const login = await t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: '10.7.2.2', payload: { email, password: 'password1' } });
        expect(login.statusCode, email).toBe(200);
      }
    });

    it('allows 5 registrations per address per hour, then 429; field errors do not count, other addresses are not affected', async () => {
      const register = (n: number, remoteAddress = '10.7.3.1', password = 'password1') =>
        t.app.inject({ method: 'POST', url: '/auth/register', remoteAddress, payload: { username: `burst_${n}`, email: `burst${n}@example.com`, password } });
      expect((await register(0, undefined, 'short')).json().error.code).toBe('ErrPasswordRequirements');
      for (let n = 1; n <= 5; n++) expect((await register(n)).statusCode).toBe(200);
      const refused = await register(6);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.reason).toBe('ErrTooManyRequests');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await t.app.panel.repo.users.byUsername('burst_6')).toBeUndefined();
      expect((await register(7, '10.7.3.2')).statusCode).toBe(200);
    });

    it('is refused with 403 ErrNoPermission while registration is switched off', async () => {
      const admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
      await t.app.inject({ method: 'PUT', url: `/api/settings/${SettingKeys.registrationEnabled}`, headers: admin.headers, payload: { value: 'false' } });
      const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: 'blocked', email: 'blocked@example.com', password: 'password1' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('ErrNoPermission');
      await t.app.inject({ method: 'PUT', url: `/api/settings/${SettingKeys.registrationEnabled}`, headers: admin.headers, payload: { value: 'true' } });
    });
  });

  describe('POST /auth/login', () => {
    it('signs in with email and password and answers the panel scopes', async () => {
      const user = await createSignedInUser(t.app, [Scopes.NodesView]);
      const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ scopes: [Scopes.NodesView] });
      expect(res.json().session).not.toBe(user.token);
    });

    it('refuses a wrong password with 400 ErrInvalidCredentials, the same as an unknown email', async () => {
      const user = await createSignedInUser(t.app);
      const wrong = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: 'wrong password' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('ErrInvalidCredentials');
      const unknown = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'nobody@example.com', password: 'whatever1' } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.code).toBe('ErrInvalidCredentials');
    });

    it('blocks an IP after 5 failed logins for one email, even with the right password', async () => {
      const user = await createSignedInUser(t.app);
      const from = { remoteAddress: '10.0.0.9' };
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/auth/login', ...from, payload: { email: user.email, password: 'wrong password' } });
        expect(res.statusCode).toBe(400);
      }
      const blocked = await t.app.inject({ method: 'POST', url: '/auth/login', ...from, payload: { email: user.email, password: user.password } });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.reason).toBe('ErrTooManyRequests');
      expect(blocked.headers['retry-after']).toBeDefined();
      const otherIp = await t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: '10.0.0.10', payload: { email: user.email, password: user.password } });
      expect(otherIp.statusCode).toBe(200);
    });

    it('checks at most 5 of 100 parallel wrong guesses at one account, and the owner elsewhere still signs in', async () => {
      // Three accounts, each guessed from its own address: 300 guesses racing the counter.
      const victims = await Promise.all([1, 2, 3].map(() => createSignedInUser(t.app)));
      const answers = await Promise.all(
        victims.flatMap((victim, v) =>
          Array.from({ length: 100 }, (_, i) =>
            t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: `10.8.0.${v + 1}`, payload: { email: victim.email, password: `guess ${i}` } }),
          ),
        ),
      );
      for (let v = 0; v < victims.length; v++) {
        const mine = answers.slice(v * 100, (v + 1) * 100);
        // Each 400 is a password that was checked; every other guess was refused before hashing.
        expect(mine.filter((r) => r.statusCode === 400 && r.json().error.code === 'ErrInvalidCredentials')).toHaveLength(5);
        expect(mine.filter((r) => r.statusCode === 429 && r.json().error.reason === 'ErrTooManyRequests')).toHaveLength(95);
      }
      for (const victim of victims) {
        const owner = await t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: '10.8.1.1', payload: { email: victim.email, password: victim.password } });
        expect(owner.statusCode).toBe(200);
      }
    });

    it('counts guesses per address across accounts: a flood of made-up emails from one address stops before hashing', async () => {
      const from = (i: number) => t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: '10.8.2.1', payload: { email: `nobody${i}@example.com`, password: 'whatever1' } });
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => from(i)));
      expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(DefaultLoginLimits.perAddress);
      expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(200 - DefaultLoginLimits.perAddress);
      const user = await createSignedInUser(t.app);
      expect((await t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: '10.8.2.2', payload: { email: user.email, password: user.password } })).statusCode).toBe(200);
    });

    it('does not count a good login against its address', async () => {
      const user = await createSignedInUser(t.app);
      for (let i = 0; i < DefaultLoginLimits.perAddress + 5; i++) {
        const res = await t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: '10.8.3.1', payload: { email: user.email, password: user.password } });
        expect(res.statusCode).toBe(200);
      }
    });

    it('keeps file reads moving while hundreds of logins from many addresses arrive at once', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'outpost-flood-'));
      try {
        const file = join(dir, 'server.properties');
        await writeFile(file, 'motd=still here\n'.repeat(100));
        // An account whose stored hash is costly to check (stronger settings than ours), so the
        // pool's work outlasts the cost of handling the requests themselves.
        const target = await createSignedInUser(t.app);
        await t.app.panel.repo.users.update(target.id, { passwordHash: await hash(target.password, { algorithm: 2, memoryCost: 32768, timeCost: 6 }) });
        // Made-up emails and guesses at the account, each from its own address so no budget stops them.
        let checked = 0;
        const flood = Promise.all(
          Array.from({ length: 300 }, async (_, i) => {
            const email = i % 2 ? target.email : `flood${i}-${Math.random()}@example.com`;
            const res = await t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: `10.9.${i >> 8}.${i & 255}`, payload: { email, password: 'whatever1' } });
            if (res.statusCode === 400) checked++;
            return res;
          }),
        );
        // Honest file work, one read after another. Had the hashes gone straight to libuv's pool,
        // each read would wait behind all of them, and come back only when the logins had.
        for (let read = 0; read < 10; read++) expect(await readFile(file, 'utf8')).toMatch(/^motd=still here/);
        const checkedDuringReads = checked;
        const answers = await flood;
        expect(checked).toBeGreaterThan(2);
        expect(checkedDuringReads).toBeLessThan(checked / 2);
        // Some were checked, the rest told to come back; none failed.
        const codes = new Set(answers.map((r) => `${r.statusCode} ${r.json().error.reason}`));
        expect([...codes].sort()).toEqual(['400 ErrInvalidCredentials', '429 ErrTooManyRequests']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('signs a user and their script in while wrong passwords from 348 addresses keep the password queue full', async () => {
      const user = await createSignedInUser(t.app);
      const script = (await t.app.inject({ method: 'POST', url: '/api/self/oauth2', headers: user.headers, payload: { name: 'backup', description: '' } })).json();
      const tokenRequest = () =>
        t.app.inject({
          method: 'POST',
          url: '/oauth2/token',
          remoteAddress: '10.26.9.2',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: script.client_id, client_secret: script.client_secret }).toString(),
        });
      const addresses = 348;
      const login = (email: string, password: string, remoteAddress: string) => t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress, payload: { email, password } });
      // 60 attackers at once, more than the queue holds, each taking the next address in turn and
      // guessing at the user's account or at made-up ones.
      let stop = false;
      let sent = 0;
      let checked = 0;
      const flood = Promise.all(
        Array.from({ length: 60 }, async (_, attacker) => {
          const codes = new Set<string>();
          for (let n = 0; !stop; n++) {
            const a = (sent++ + attacker) % addresses;
            const email = n % 2 ? user.email : `spread${a}-${n}@example.com`;
            const res = await login(email, 'wrong password', `10.26.${a >> 8}.${a & 255}`);
            if (res.statusCode === 400) checked++;
            codes.add(`${res.statusCode} ${res.json().error.reason}`);
          }
          return codes;
        }),
      );
      // Until every address has had a wrong password checked, some are as blameless as the user.
      await vi.waitUntil(() => checked >= addresses, { timeout: 120_000, interval: 50 });
      // Sign-ins and the script's token requests, taking turns.
      let signedIn = 0;
      for (let i = 0; i < 10; i++) if ((await (i % 2 ? tokenRequest() : login(user.email, user.password, '10.26.9.1'))).statusCode === 200) signedIn++;
      const checkedDuringSignIns = checked;
      stop = true;
      const codes = new Set((await flood).flatMap((set) => [...set]));
      expect(signedIn).toBeGreaterThanOrEqual(9);
      // The flood was still being answered, refused as busy rather than failing.
      expect(checkedDuringSignIns).toBeGreaterThan(addresses);
      expect([...codes].sort()).toEqual(['400 ErrInvalidCredentials', '429 ErrTooManyRequests']);
    }, 180_000);

    it('counts per account and client address behind a trusted proxy, and ignores X-Forwarded-For from anyone else', async () => {
      const proxied = await createTestApp({ trustProxy: ['127.0.0.1'] });
      try {
        const user = await createSignedInUser(proxied.app);
        const login = (forwardedFor: string, password: string, app = proxied.app) =>
          app.inject({ method: 'POST', url: '/auth/login', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor }, payload: { email: user.email, password } });
        for (let i = 0; i < 5; i++) expect((await login('203.0.113.5', 'wrong password')).statusCode).toBe(400);
        expect((await login('203.0.113.5', user.password)).statusCode).toBe(429);
        // The owner, behind the same proxy but at another address, is not locked out.
        expect((await login('198.51.100.7', user.password)).statusCode).toBe(200);
      } finally {
        await proxied.close();
      }
      // Without trustProxy the header is the client's word: changing it buys no fresh guesses.
      const user = await createSignedInUser(t.app);
      const direct = (forwardedFor: string, password: string) =>
        t.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: '10.8.4.1', headers: { 'x-forwarded-for': forwardedFor }, payload: { email: user.email, password } });
      for (let i = 0; i < 5; i++) expect((await direct(`203.0.113.${i}`, 'wrong password')).statusCode).toBe(400);
      expect((await direct('203.0.113.99', user.password)).statusCode).toBe(429);
    });

    it('asks for a one-time code when two-factor is on, and /auth/otp completes the login once', async () => {
      const user = await createSignedInUser(t.app);
      const setup = await t.app.inject({ method: 'POST', url: '/api/self/otp', headers: user.headers });
      const { secret } = setup.json();
      // Confirm with the previous period's code so the login below can use the current one.
      const confirm = await t.app.inject({ method: 'PUT', url: '/api/self/otp', headers: user.headers, payload: { token: currentOtpCode(secret, Date.now() - 30_000) } });
      expect(confirm.statusCode).toBe(200);

      const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } });
      expect(login.json()).toEqual({ otpNeeded: true, ticket: expect.any(String) });
      expect(login.cookies.find((c) => c.name === 'outpost_session')).toBeUndefined();
      const pending = login.cookies.find((c) => c.name === 'outpost_otp_pending');
      expect(pending).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

      const wrong = await t.app.inject({ method: 'POST', url: '/auth/otp', headers: { cookie: cookiesOf(login) }, payload: { token: '000000' === currentOtpCode(secret) ? '111111' : '000000' } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('ErrTokenInvalid');

      const code = currentOtpCode(secret);
      const done = await t.app.inject({ method: 'POST', url: '/auth/otp', headers: { cookie: cookiesOf(login) }, payload: { token: code } });
      expect(done.statusCode).toBe(200);
      expect(done.json().session).toBeTruthy();

      // The same code, with a fresh pending login, is refused: codes are single use.
      const again = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } });
      const replay = await t.app.inject({ method: 'POST', url: '/auth/otp', headers: { cookie: cookiesOf(again) }, payload: { token: code } });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().error.code).toBe('ErrTokenInvalid');
    });

    it('refuses /auth/otp with no login waiting', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/auth/otp', payload: { token: '123456' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('ErrInvalidTokenState');
    });
  });

  describe('POST /auth/reauth and /auth/logout', () => {
    it('swaps the session for a new one and deletes the old one', async () => {
      const user = await createSignedInUser(t.app);
      const res = await t.app.inject({ method: 'POST', url: '/auth/reauth', headers: user.headers });
      expect(res.statusCode).toBe(200);
      const fresh = res.json().session as string;
      expect(fresh).not.toBe(user.token);
      expect((await t.app.inject({ method: 'GET', url: '/api/self', headers: user.headers })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/self', headers: { authorization: `Bearer ${fresh}` } })).statusCode).toBe(200);
    });

    it('answers 401 ErrSessionTimedOut to reauth without a session', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/auth/reauth' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('ErrSessionTimedOut');
    });

    it('ends the session on logout and clears the cookie', async () => {
      const user = await createSignedInUser(t.app);
      const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: user.headers });
      expect(res.statusCode).toBe(204);
      expect(res.cookies.find((c) => c.name === 'outpost_session')?.value).toBe('');
      expect((await t.app.inject({ method: 'GET', url: '/api/self', headers: user.headers })).statusCode).toBe(401);
    });

    it('refuses an expired session and deletes it', async () => {
      const user = await createSignedInUser(t.app);
      await t.app.panel.db.updateTable('sessions').set({ expires_at: Date.now() - 1 }).where('user_id', '=', user.id).execute();
      const res = await t.app.inject({ method: 'GET', url: '/api/self', headers: user.headers });
      expect(res.statusCode).toBe(401);
      expect(await t.app.panel.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute()).toEqual([]);
    });
  });
});
