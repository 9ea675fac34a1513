import { Scopes } from '@outpost/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../test/factories.js';

describe('/api/users', () => {
  let t: TestApp;
  let admin: TestUser;
  let viewer: TestUser;
  // Holds users.edit and nodes.view but not the rest: the one who must not hand out more.
  let editor: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    viewer = await createSignedInUser(t.app, [Scopes.UsersView]);
    editor = await createSignedInUser(t.app, [Scopes.UsersView, Scopes.UsersEdit, Scopes.NodesView]);
  });
  afterAll(() => t.close());

  type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
  const as = (who: { headers: Record<string, string> } | undefined, call: Call) => t.app.inject({ ...call, headers: who?.headers ?? {} });
  const create = (who: TestUser, body: object) => as(who, { method: 'POST', url: '/api/users', payload: body });
  const perms = (who: TestUser, id: number, scopes: string[]) => as(who, { method: 'PUT', url: `/api/users/${id}/perms`, payload: { scopes } });
  const signIn = async (email: string, password: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    return { headers: { authorization: `Bearer ${res.json().session as string}` } };
  };

  it('creates a user who can sign in, shows, edits and deletes them', async () => {
    const created = await create(admin, { username: 'new_person', email: ' New.Person@Example.com ', password: 'first password' });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    expect(created.json()).toEqual({ id, username: 'new_person', email: 'new.person@example.com' });
    expect((await as(viewer, { method: 'GET', url: `/api/users/${id}` })).json()).toEqual(created.json());
    expect((await as(viewer, { method: 'GET', url: `/api/users/${id}/perms` })).json()).toMatchObject({ scopes: [], admin: false, viewServers: false });
    await signIn('new.person@example.com', 'first password');

    // A partial edit changes the fields given and nothing else.
    const renamed = await as(admin, { method: 'POST', url: `/api/users/${id}`, payload: { username: 'renamed_person' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ id, username: 'renamed_person', email: 'new.person@example.com' });
    const moved = await as(admin, { method: 'POST', url: `/api/users/${id}`, payload: { email: 'moved@example.com' } });
    expect(moved.json()).toEqual({ id, username: 'renamed_person', email: 'moved@example.com' });

    expect((await as(admin, { method: 'DELETE', url: `/api/users/${id}` })).statusCode).toBe(204);
    const gone = await as(viewer, { method: 'GET', url: `/api/users/${id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('ErrUserNotFound');
  });

  it('lists ten to a page by default with the total, and searches usernames with * and emails', async () => {
    for (let i = 0; i < 12; i += 1) expect((await create(admin, { username: `pager_${String(i).padStart(2, '0')}`, email: `pager${i}@list.test`, password: 'password 123' })).statusCode).toBe(200);
    const first = (await as(viewer, { method: 'GET', url: '/api/users?username=pager*' })).json();
    expect(first.paging).toEqual({ page: 1, limit: 10, total: 12 });
    expect(first.users).toHaveLength(10);
    expect(first.users[0]).toEqual({ id: expect.any(Number), username: 'pager_00', email: 'pager0@list.test' });
    const second = (await as(viewer, { method: 'GET', url: '/api/users?username=pager*&page=2' })).json();
    expect(second.users.map((u: { username: string }) => u.username)).toEqual(['pager_10', 'pager_11']);

    const containing = (await as(viewer, { method: 'GET', url: '/api/users?username=*GER_1*&limit=50' })).json();
    expect(containing.users.map((u: { username: string }) => u.username)).toEqual(['pager_10', 'pager_11']);
    // Without a star the name must match whole; the LIKE wildcards in the text are plain characters.
    expect((await as(viewer, { method: 'GET', url: '/api/users?username=pager' })).json().paging.total).toBe(0);
    expect((await as(viewer, { method: 'GET', url: '/api/users?username=pager%25' })).json().paging.total).toBe(0);
    expect((await as(viewer, { method: 'GET', url: '/api/users?username=pager_0_' })).json().paging.total).toBe(0);
    expect((await as(viewer, { method: 'GET', url: '/api/users?email=PAGER3@list.test' })).json().users).toEqual([expect.objectContaining({ username: 'pager_03' })]);
    expect((await as(viewer, { method: 'GET', url: '/api/users?email=*@list.test&limit=5' })).json().paging).toEqual({ page: 1, limit: 5, total: 12 });

    const bad = await as(viewer, { method: 'GET', url: '/api/users?limit=1000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'ErrFieldTooLarge', metadata: { field: 'limit', max: 100 } });
    // Past a double's range the number reads as Infinity, which the schema's bounds let through.
    for (const [query, field, max] of [['page=1e309', 'page', 1_000_000], [`page=${'9'.repeat(400)}`, 'page', 1_000_000], ['limit=1e309', 'limit', 100], [`limit=-${'9'.repeat(400)}`, 'limit', 100]] as const) {
      const res = await as(viewer, { method: 'GET', url: `/api/users?${query}` });
      expect([res.statusCode, res.json().error], query.slice(0, 20)).toEqual([400, expect.objectContaining({ code: 'ErrFieldNotBetween', metadata: { field, min: 1, max } })]);
    }
  });

  it("refuses each field that breaks the spec's rules with its own code", async () => {
    const good = { username: 'valid_name', email: 'valid@example.com', password: 'long enough' };
    const cases: [object, number, string, object?][] = [
      [{ ...good, username: '' }, 400, 'ErrFieldRequired', { field: 'username' }],
      [{ email: good.email, password: good.password }, 400, 'ErrFieldRequired', { field: 'username' }],
      [{ ...good, username: 'abc' }, 400, 'ErrUsernameRequirements'],
      [{ ...good, username: 'has space' }, 400, 'ErrUsernameRequirements'],
      [{ ...good, email: '' }, 400, 'ErrFieldRequired', { field: 'email' }],
      [{ ...good, email: 'not-an-email' }, 400, 'ErrFieldNotEmail', { field: 'email' }],
      [{ ...good, password: '' }, 400, 'ErrFieldRequired', { field: 'password' }],
      [{ ...good, password: 'short' }, 400, 'ErrPasswordRequirements'],
      [{ ...good, email: `${'a'.repeat(300)}@example.com` }, 400, 'ErrFieldTooLarge', { field: 'email' }],
    ];
    for (const [body, status, code, metadata] of cases) {
      const res = await create(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error).toMatchObject({ code, ...(metadata ? { metadata } : {}) });
    }
    expect((await create(admin, good)).statusCode).toBe(200);

    const takenName = await create(admin, { ...good, email: 'other@example.com' });
    expect(takenName.statusCode).toBe(409);
    expect(takenName.json().error).toMatchObject({ reason: 'ErrAlreadyExists', metadata: { field: 'username' } });
    const takenEmail = await create(admin, { ...good, username: 'other_name', email: 'VALID@example.com' });
    expect(takenEmail.statusCode).toBe(409);
    expect(takenEmail.json().error).toMatchObject({ reason: 'ErrAlreadyExists', metadata: { field: 'email' } });

    // The same rules on a partial edit, and the other user's name or email is taken there too.
    const { id } = (await create(admin, { username: 'edit_target', email: 'edit.target@example.com', password: 'long enough' })).json();
    const edit = (payload: object) => as(admin, { method: 'POST', url: `/api/users/${id}`, payload });
    expect((await edit({ username: 'x' })).json().error.code).toBe('ErrUsernameRequirements');
    expect((await edit({ email: 'nope' })).json().error.code).toBe('ErrFieldNotEmail');
    expect((await edit({ password: '1234567' })).json().error.code).toBe('ErrPasswordRequirements');
    expect((await edit({ username: 'valid_name' })).statusCode).toBe(409);
    expect((await edit({ email: 'valid@example.com' })).json().error).toMatchObject({ reason: 'ErrAlreadyExists', metadata: { field: 'email' } });
    // Keeping one's own username is no conflict.
    expect((await edit({ username: 'edit_target' })).statusCode).toBe(200);

    for (const url of ['/api/users/999999', '/api/users/999999/perms']) {
      const res = await as(admin, { method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('ErrUserNotFound');
    }
    expect((await as(admin, { method: 'POST', url: '/api/users/999999', payload: { username: 'whoever' } })).statusCode).toBe(404);
    expect((await as(admin, { method: 'DELETE', url: '/api/users/999999' })).statusCode).toBe(404);
    expect((await perms(admin, 999999, [])).statusCode).toBe(404);
    const notAnId = await as(admin, { method: 'GET', url: '/api/users/abc' });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().error.metadata.field).toBe('id');
    const unknownScope = await perms(admin, id, ['servers.view', 'root.everything']);
    expect(unknownScope.statusCode).toBe(400);
    expect(unknownScope.json().error.metadata.field).toBe('scopes.1');
    // A flag that is neither a boolean nor "true"/"false" is refused, naming it.
    expect((await as(admin, { method: 'PUT', url: `/api/users/${id}/perms`, payload: { viewNodes: 'yes' } })).json().error).toMatchObject({ code: 'ErrFieldRequired', metadata: { field: 'viewNodes' } });
  });

  it('answers 401 without a session, and 403 to a user without users.view or users.edit', async () => {
    expect((await as(undefined, { method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    const nobody = await createSignedInUser(t.app, [Scopes.ServersView]);
    for (const call of [
      { method: 'GET', url: '/api/users' },
      { method: 'GET', url: `/api/users/${admin.id}` },
      { method: 'GET', url: `/api/users/${admin.id}/perms` },
    ] as Call[]) {
      const res = await as(nobody, call);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'ErrMissingScope' });
    }
    // A viewer reads but changes nothing.
    for (const call of [
      { method: 'POST', url: '/api/users', payload: { username: 'sneaky_one', email: 'sneaky@example.com', password: 'password 1' } },
      { method: 'POST', url: `/api/users/${nobody.id}`, payload: { username: 'renamed_x' } },
      { method: 'PUT', url: `/api/users/${nobody.id}/perms`, payload: { scopes: [] } },
      { method: 'PUT', url: `/api/users/${viewer.id}/perms`, payload: { scopes: [Scopes.UsersView, Scopes.UsersEdit] } },
      { method: 'DELETE', url: `/api/users/${nobody.id}` },
    ] as Call[]) {
      const res = await as(viewer, call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json().error.code).toBe('ErrMissingScope');
    }
    expect((await as(viewer, { method: 'GET', url: '/api/users/' + nobody.id })).statusCode).toBe(200);
  });

  it('lets nobody grant or take away a scope they do not hold, nor touch a user who holds more', async () => {
    const { id } = (await create(editor, { username: 'helped_one', email: 'helped@example.com', password: 'password 1' })).json();
    expect((await perms(editor, id, [Scopes.NodesView])).statusCode).toBe(204);
    expect((await as(editor, { method: 'GET', url: `/api/users/${id}/perms` })).json()).toMatchObject({ scopes: [Scopes.NodesView], viewNodes: true, editNodes: false });

    for (const scopes of [[Scopes.NodesView, Scopes.TemplatesEdit], [Scopes.ServersAdmin]]) {
      const res = await perms(editor, id, scopes);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'ErrMissingScope', metadata: { scope: scopes.at(-1) } });
    }
    // Nor can they hand themselves more.
    expect((await perms(editor, editor.id, [Scopes.UsersView, Scopes.UsersEdit, Scopes.NodesView, Scopes.SettingsEdit])).statusCode).toBe(403);

    // Someone the admin gave templates.edit is beyond the editor: no perms change, no new password, no delete.
    expect((await perms(admin, id, [Scopes.NodesView, Scopes.TemplatesEdit])).statusCode).toBe(204);
    for (const call of [
      { method: 'PUT', url: `/api/users/${id}/perms`, payload: { scopes: [Scopes.TemplatesEdit] } },
      { method: 'POST', url: `/api/users/${id}`, payload: { password: 'taken over now' } },
      { method: 'POST', url: `/api/users/${admin.id}`, payload: { email: 'mine@example.com' } },
      { method: 'DELETE', url: `/api/users/${admin.id}` },
    ] as Call[]) {
      const res = await as(editor, call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json().error.code).toBe('ErrMissingScope');
    }
    expect((await as(admin, { method: 'GET', url: `/api/users/${id}/perms` })).json().scopes).toEqual([Scopes.NodesView, Scopes.TemplatesEdit]);
    await signIn(admin.email, admin.password);
  });

  it("lets nobody take over a user's servers by setting their password, unless they hold as much there", async () => {
    const owner = await createSignedInUser(t.app, []);
    await t.app.panel.repo.permissions.replace(owner.id, 'feed0001', [Scopes.ServerView, Scopes.ServerStart, Scopes.ServerFilesPut]);
    const takeOver = () => as(editor, { method: 'POST', url: `/api/users/${owner.id}`, payload: { password: 'now it is mine' } });
    const refused = await takeOver();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'ErrMissingScope', metadata: { server: 'feed0001' } });
    expect((await as(editor, { method: 'DELETE', url: `/api/users/${owner.id}` })).statusCode).toBe(403);
    await signIn(owner.email, owner.password);

    // Holding as much there is not enough either: a password is the whole account, an administrator's to set.
    await t.app.panel.repo.permissions.replace(editor.id, 'feed0001', [Scopes.ServerView, Scopes.ServerStart, Scopes.ServerFilesPut, Scopes.ServerStop]);
    expect((await takeOver()).json().error).toMatchObject({ code: 'ErrMissingScope', metadata: { scope: Scopes.ServersAdmin } });
    await signIn(owner.email, owner.password);
    expect((await as(admin, { method: 'POST', url: `/api/users/${owner.id}`, payload: { password: 'now it is mine' } })).statusCode).toBe(200);
    await signIn(owner.email, 'now it is mine');
  });

  it('lets two users.edit holders take over neither each other nor a rightless account: a password or email is an administrator\'s to set', async () => {
    const one = await createSignedInUser(t.app, [Scopes.UsersView, Scopes.UsersEdit]);
    const two = await createSignedInUser(t.app, [Scopes.UsersView, Scopes.UsersEdit]);
    const rightless = await createSignedInUser(t.app, []);
    for (const [who, target] of [[one, two], [two, one], [one, rightless], [one, one]] as const) {
      for (const payload of [{ password: 'taken over now' }, { email: `taken.${target.id}@attacker.test` }]) {
        const res = await as(who, { method: 'POST', url: `/api/users/${target.id}`, payload });
        expect(res.statusCode, `${who.username} on ${target.username}: ${JSON.stringify(payload)}`).toBe(403);
        expect(res.json().error).toMatchObject({ code: 'ErrMissingScope', metadata: { scope: Scopes.ServersAdmin } });
      }
    }
    for (const user of [one, two, rightless]) await signIn(user.email, user.password);
    // Their usernames are still theirs to change, and sending the same email is no change.
    expect((await as(one, { method: 'POST', url: `/api/users/${rightless.id}`, payload: { username: 'renamed_rightless', email: rightless.email.toUpperCase() } })).statusCode).toBe(200);
    // An administrator sets either.
    expect((await as(admin, { method: 'POST', url: `/api/users/${rightless.id}`, payload: { email: 'moved.rightless@example.com', password: 'set by the admin' } })).statusCode).toBe(200);
    await signIn('moved.rightless@example.com', 'set by the admin');
  });

  it("never lets an OAuth2 client set anyone's password or email, nor act on its owner's account", async () => {
    const owner = await createSignedInUser(t.app, [Scopes.UsersView, Scopes.UsersEdit]);
    const rightless = await createSignedInUser(t.app, []);
    const clientOf = async (user: TestUser) => {
      const created = (await as(user, { method: 'POST', url: '/api/self/oauth2', payload: { name: 'script', description: 'a script' } })).json();
      const res = await t.app.inject({
        method: 'POST',
        url: '/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: created.client_id, client_secret: created.client_secret }).toString(),
      });
      expect(res.statusCode).toBe(200);
      return { headers: { authorization: `Bearer ${res.json().access_token as string}` } };
    };
    const script = await clientOf(owner);
    const adminScript = await clientOf(admin);
    const refusedCalls: [{ headers: Record<string, string> }, Call][] = [
      // The attack: the owner's own password and email, without the current password /api/self asks for.
      [script, { method: 'POST', url: `/api/users/${owner.id}`, payload: { password: 'the script chose this' } }],
      [script, { method: 'POST', url: `/api/users/${owner.id}`, payload: { email: 'script@attacker.test' } }],
      [script, { method: 'POST', url: `/api/users/${owner.id}`, payload: { username: 'renamed_by_script' } }],
      [script, { method: 'PUT', url: `/api/users/${owner.id}/perms`, payload: { scopes: [Scopes.UsersView] } }],
      [script, { method: 'DELETE', url: `/api/users/${owner.id}` }],
      [script, { method: 'POST', url: `/api/users/${rightless.id}`, payload: { password: 'the script chose this' } }],
      // Not even an administrator's client.
      [adminScript, { method: 'POST', url: `/api/users/${rightless.id}`, payload: { password: 'the script chose this' } }],
      [adminScript, { method: 'POST', url: `/api/users/${rightless.id}`, payload: { email: 'script@attacker.test' } }],
      [adminScript, { method: 'POST', url: `/api/users/${admin.id}`, payload: { password: 'the script chose this' } }],
    ];
    for (const [who, call] of refusedCalls) {
      const res = await as(who, call);
      expect(res.statusCode, `${call.method} ${call.url} ${JSON.stringify(call.payload)}`).toBe(403);
      expect(res.json().error.code).toBe('ErrMissingScope');
    }
    await signIn(owner.email, owner.password);
    await signIn(rightless.email, rightless.password);
    await signIn(admin.email, admin.password);
    expect((await as(admin, { method: 'GET', url: `/api/users/${owner.id}/perms` })).json().scopes).toEqual([Scopes.UsersView, Scopes.UsersEdit]);
    // What the client's scopes allow on others, short of the login, still works.
    expect((await as(script, { method: 'POST', url: `/api/users/${rightless.id}`, payload: { username: 'renamed_by_script' } })).statusCode).toBe(200);
  });

  it('never leaves the panel without an administrator', async () => {
    const fresh = await createTestApp();
    try {
      const call = (who: TestUser | undefined, c: Call) => fresh.app.inject({ ...c, headers: who?.headers ?? {} });
      const someone = await createSignedInUser(fresh.app, []);
      expect((await call(someone, { method: 'GET', url: '/api/users/firstAdmin' })).json()).toEqual({ needed: true });
      expect((await call(undefined, { method: 'GET', url: '/api/users/firstAdmin' })).statusCode).toBe(401);

      const only = await createSignedInUser(fresh.app, [Scopes.ServersAdmin]);
      expect((await call(someone, { method: 'GET', url: '/api/users/firstAdmin' })).json()).toEqual({ needed: false });
      const demote = await call(only, { method: 'PUT', url: `/api/users/${only.id}/perms`, payload: { scopes: [Scopes.UsersView] } });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().error.reason).toBe('ErrLastAdmin');
      const remove = await call(only, { method: 'DELETE', url: `/api/users/${only.id}` });
      expect(remove.statusCode).toBe(409);
      expect(remove.json().error.reason).toBe('ErrLastAdmin');

      // With a second administrator, either may step down; the one left stays.
      expect((await call(only, { method: 'PUT', url: `/api/users/${someone.id}/perms`, payload: { scopes: [Scopes.ServersAdmin] } })).statusCode).toBe(204);
      expect((await call(only, { method: 'PUT', url: `/api/users/${only.id}/perms`, payload: { scopes: [Scopes.UsersView] } })).statusCode).toBe(204);
      expect((await call(someone, { method: 'DELETE', url: `/api/users/${someone.id}` })).json().error.reason).toBe('ErrLastAdmin');
      expect((await call(someone, { method: 'DELETE', url: `/api/users/${only.id}` })).statusCode).toBe(204);
    } finally {
      await fresh.close();
    }
  });

  it('keeps one administrator when the last two demote or delete each other at the same moment', async () => {
    const fresh = await createTestApp();
    try {
      for (const round of ['demote', 'delete'] as const) {
        const a = await createSignedInUser(fresh.app, [Scopes.ServersAdmin]);
        const b = await createSignedInUser(fresh.app, [Scopes.ServersAdmin]);
        const against = (who: TestUser, other: TestUser) =>
          fresh.app.inject({
            headers: who.headers,
            ...(round === 'demote' ? { method: 'PUT', url: `/api/users/${other.id}/perms`, payload: { scopes: [] } } : { method: 'DELETE', url: `/api/users/${other.id}` }),
          } as const);
        const answers = await Promise.all([against(a, b), against(b, a)]);
        // The loser is refused as the last administrator, or as no longer an administrator at all.
        expect(answers.filter((res) => res.statusCode === 204)).toHaveLength(1);
        const refused = answers.find((res) => res.statusCode !== 204)!;
        expect([403, 409]).toContain(refused.statusCode);
        expect(['ErrLastAdmin', 'ErrMissingScope']).toContain(refused.json().error.reason);
        const admins = await fresh.app.panel.repo.permissions.usersHolding(Scopes.ServersAdmin);
        expect(admins).toHaveLength(1);
        // The one left is cleared for the next round, which needs two new administrators.
        await fresh.app.panel.repo.permissions.replace(admins[0]!, null, []);
      }
    } finally {
      await fresh.close();
    }
  });

  it("changes what a signed-in user may do from their next request on", async () => {
    const user = await createSignedInUser(t.app, []);
    const templates = () => as(user, { method: 'GET', url: '/api/templates' });
    expect((await templates()).statusCode).toBe(403);
    expect((await perms(admin, user.id, [Scopes.TemplatesView])).statusCode).toBe(204);
    expect((await templates()).statusCode).toBe(200);
    expect((await as(user, { method: 'GET', url: '/api/self' })).json().scopes).toEqual([Scopes.TemplatesView]);
    expect((await perms(admin, user.id, [])).statusCode).toBe(204);
    expect((await templates()).statusCode).toBe(403);
  });

  it('signs a user out everywhere when their password is set, and deleting them ends their sessions and OAuth2 clients', async () => {
    const user = await createSignedInUser(t.app, [Scopes.TemplatesView]);
    const client = (await as(user, { method: 'POST', url: '/api/self/oauth2', payload: { name: 'script', description: '' } })).json();
    const tokenOf = () =>
      t.app.inject({
        method: 'POST',
        url: '/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'client_credentials', ...client }).toString(),
      });
    const clientHeaders = { headers: { authorization: `Bearer ${(await tokenOf()).json().access_token as string}` } };
    expect((await as(clientHeaders, { method: 'GET', url: '/api/templates' })).statusCode).toBe(200);

    expect((await as(admin, { method: 'POST', url: `/api/users/${user.id}`, payload: { password: 'a new password' } })).statusCode).toBe(200);
    expect((await as(user, { method: 'GET', url: '/api/self' })).statusCode).toBe(401);
    const again = await signIn(user.email, 'a new password');
    expect((await as(again, { method: 'GET', url: '/api/self' })).statusCode).toBe(200);
    const clientAgain = { headers: { authorization: `Bearer ${(await tokenOf()).json().access_token as string}` } };

    expect((await as(admin, { method: 'DELETE', url: `/api/users/${user.id}` })).statusCode).toBe(204);
    expect((await as(again, { method: 'GET', url: '/api/self' })).statusCode).toBe(401);
    expect((await as(clientAgain, { method: 'GET', url: '/api/templates' })).statusCode).toBe(401);
    expect((await tokenOf()).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: 'a new password' } });
    expect(login.json().error.code).toBe('ErrInvalidCredentials');
  });

  it('keeps an administrator signed in when they set their own password here', async () => {
    const self = await createSignedInUser(t.app, [Scopes.ServersAdmin]);
    const other = await signIn(self.email, self.password);
    expect((await as(self, { method: 'POST', url: `/api/users/${self.id}`, payload: { password: 'my new password' } })).statusCode).toBe(200);
    expect((await as(self, { method: 'GET', url: '/api/self' })).statusCode).toBe(200);
    expect((await as(other, { method: 'GET', url: '/api/self' })).statusCode).toBe(401);
  });
});
