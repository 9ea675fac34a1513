// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { Route } from 'wouter';
import { Scopes, type Scope } from '@outpost/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/sessionStore';
import { renderWithProviders } from '../../test/renderWithProviders';
import UserScreen from './UserScreen';

// The panel, as far as this screen talks to it: fetch is the browser's edge, stood in for here.
beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    const answers: Record<string, unknown> = {
      '/api/users/5': { id: 5, username: 'someone', email: 'someone@example.com' },
      '/api/users/5/perms': { scopes: [] },
    };
    if (url in answers) return new Response(JSON.stringify(answers[url]), { status: 200 });
    return new Response(JSON.stringify({ error: { code: 'ErrNotFound', msg: url } }), { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

async function open(scopes: Scope[]) {
  sessionStore.save(scopes);
  renderWithProviders(<Route path="/user/:id" component={UserScreen} />, { path: '/user/5' });
  const email = await screen.findByRole('textbox', { name: 'Email' });
  return { email: email as HTMLInputElement, passwords: document.querySelectorAll('input[name=password], input[name=confirmPassword]') };
}

describe('UserScreen', () => {
  it("offers a users.edit holder who is no administrator the username, but not the user's email or password", async () => {
    const { email, passwords } = await open([Scopes.UsersView, Scopes.UsersEdit]);
    expect(email.value).toBe('someone@example.com');
    expect(email.readOnly).toBe(true);
    expect(passwords).toHaveLength(0);
    expect((screen.getByRole('textbox', { name: 'Username' }) as HTMLInputElement).readOnly).toBe(false);
  });

  it('offers an administrator all of them', async () => {
    const { email, passwords } = await open([Scopes.ServersAdmin]);
    expect(email.readOnly).toBe(false);
    expect(passwords).toHaveLength(2);
  });
});
