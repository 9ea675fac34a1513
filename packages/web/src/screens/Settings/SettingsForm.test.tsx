// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { Scopes, SettingKeys } from '@outpost/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../session/sessionStore';
import { renderWithProviders } from '../../test/renderWithProviders';
import { SettingsForm } from './SettingsForm';

const initial = {
  values: {
    [SettingKeys.masterUrl]: 'https://panel.example.com',
    [SettingKeys.companyName]: 'Outpost',
    [SettingKeys.emailProvider]: 'smtp',
    [SettingKeys.emailFrom]: 'panel@example.com',
    [SettingKeys.emailHost]: 'mail.example.com:587',
  },
  secretsSet: { [SettingKeys.emailPassword]: true },
};

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/config') return new Response(JSON.stringify({ branding: { name: 'Outpost' }, themes: { active: 'outpost', available: ['outpost'] } }), { status: 200 });
    if (url === '/api/settings/email/status') return new Response('{}', { status: 200 });
    return new Response(JSON.stringify({ error: { code: 'ErrNotFound', msg: url } }), { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.clear();
});

const field = (key: string) => document.querySelector<HTMLInputElement>(`[data-setting="${key}"]`)!;

describe('SettingsForm', () => {
  it('shows a settings editor who is no administrator where mail goes and the master URL, read-only', () => {
    sessionStore.save([Scopes.SettingsEdit]);
    renderWithProviders(<SettingsForm initial={initial} />);
    expect(field(SettingKeys.masterUrl).value).toBe('https://panel.example.com');
    expect(field(SettingKeys.masterUrl).readOnly).toBe(true);
    expect(field(SettingKeys.emailHost).value).toBe('mail.example.com:587');
    expect(field(SettingKeys.emailHost).readOnly).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveProperty('disabled', true);
    // A stored password says so, with nothing to replace it; no test mail, which only admins may send.
    expect(screen.queryByTestId(`setting-${SettingKeys.emailPassword}-set`)).not.toBeNull();
    expect(screen.queryByTestId(`setting-${SettingKeys.emailPassword}-replace`)).toBeNull();
    expect(screen.queryByTestId('email-test')).toBeNull();
    // The settings that are theirs stay editable.
    expect(field(SettingKeys.companyName).readOnly).toBe(false);
    // Which private addresses the panel fetches from is not shown to them at all.
    expect(field(SettingKeys.allowPrivateTargets)).toBeNull();
  });

  it('lets an administrator change them', () => {
    sessionStore.save([Scopes.ServersAdmin]);
    renderWithProviders(<SettingsForm initial={initial} />);
    expect(field(SettingKeys.masterUrl).readOnly).toBe(false);
    expect(field(SettingKeys.emailHost).readOnly).toBe(false);
    expect(screen.queryByTestId(`setting-${SettingKeys.emailPassword}-replace`)).not.toBeNull();
    expect(screen.queryByTestId('email-test')).not.toBeNull();
    expect(field(SettingKeys.allowPrivateTargets).readOnly).toBe(false);
    expect(screen.getByText(/loopback, link-local and private addresses are refused otherwise/)).not.toBeNull();
  });
});
