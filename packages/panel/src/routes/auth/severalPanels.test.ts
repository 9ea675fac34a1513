// Two panels on one database, as instances behind a load balancer run (issue 34): the login
// budgets and one-use tickets are in the database, so a flood split over both gets the tries one
// panel would give, and a step begun on one finishes on the other. SQLite is one panel per file.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbDialect } from '../../config.js';
import { currentOtpCode } from '../../services/otpCodes.js';
import { createSignedInUser } from '../../test/factories.js';
import { assert, attest, newCredential } from '../../test/softAuthenticator.js';
import { testDialects } from '../../test/testDatabase.js';
import { startTwoPanels, type TwoPanels } from '../../test/twoPanels.js';

const shared = testDialects().filter((dialect) => dialect !== 'sqlite');


describe.skipIf(shared.length === 0).each<DbDialect>(shared.length ? shared : ['postgres'])('two panels on one %s database', (dialect) => {
  let panels: TwoPanels;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    panels = await startTwoPanels(dialect);
    ({ a, b } = panels);
  });
  afterAll(async () => {
    await panels?.close();
  });

  const url = (app: FastifyInstance, path: string) => panels.url(app, path);
  const post = (app: FastifyInstance, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url(app, path), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('checks exactly 5 of 20 wrong passwords sent together to both panels in turn, and refuses the other 15 with 429', async () => {
    const user = await createSignedInUser(a);
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        const res = await post(n % 2 ? b : a, '/auth/login', { email: user.email, password: `wrong ${n}` });
        return `${res.status} ${(await res.json()).error.reason}`;
      }),
    );
    expect(answers.filter((answer) => answer === '400 ErrInvalidCredentials')).toHaveLength(5);
    expect(answers.filter((answer) => answer === '429 ErrTooManyRequests')).toHaveLength(15);
    // The right password from this address is refused too, on either panel, until the window passes: they share one budget.
    for (const app of [a, b]) expect((await post(app, '/auth/login', { email: user.email, password: user.password })).status).toBe(429);
  });

  it('finishes on one panel a two-factor login begun on the other, once', async () => {
    const user = await createSignedInUser(a);
    const { secret } = await (await fetch(url(a, '/api/self/otp'), { method: 'POST', headers: user.headers })).json();
    const confirm = await fetch(url(b, '/api/self/otp'), {
      method: 'PUT',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ token: currentOtpCode(secret, Date.now() - 30_000) }),
    });
    expect(confirm.status).toBeLessThan(300);
    const login = await (await post(a, '/auth/login', { email: user.email, password: user.password })).json();
    expect(login).toMatchObject({ otpNeeded: true, ticket: expect.any(String) });
    const done = await post(b, '/auth/otp', { token: currentOtpCode(secret), ticket: login.ticket });
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await done.json()).toMatchObject({ session: expect.any(String) });
    // Spent on B, so A no longer knows it either.
    const again = await post(a, '/auth/otp', { token: currentOtpCode(secret, Date.now() + 30_000), ticket: login.ticket });
    expect(again.status).toBe(400);
    expect((await again.json()).error.reason).toBe('ErrInvalidTokenState');
  });

  it('verifies on one panel a passkey challenge the other made, and lets one of two panels racing for the same answer take it', async () => {
    // Both panels behind one address, as the browser sees them through a load balancer.
    const site = { host: 'panel.test', origin: 'http://panel.test' };
    const call = async (app: FastifyInstance, path: string, body: unknown, headers: Record<string, string> = {}) =>
      app.inject({ method: 'POST', url: path, headers: { ...site, ...headers }, payload: body as object });
    const user = await createSignedInUser(a);
    const credential = newCredential();
    const registration = (await call(a, '/api/self/passkeys/options', {}, user.headers)).json();
    const added = await call(b, '/api/self/passkeys', { name: 'laptop', response: attest(credential, registration, site.origin) }, user.headers);
    expect(added.statusCode, added.body).toBe(200);

    const options = (await call(b, '/auth/passkey/options', {})).json();
    const response = assert(credential, options, site.origin);
    const race = await Promise.all([a, b].map((app) => call(app, '/auth/passkey', { ticket: options.ticket, response })));
    expect(race.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    expect(race.find((res) => res.statusCode === 400)!.json().error.reason).toBe('ErrInvalidTokenState');
  });
});
