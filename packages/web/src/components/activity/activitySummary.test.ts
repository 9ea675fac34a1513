import { describe, expect, it } from 'vitest';
import { activitySummary, eventLabelKey } from './activitySummary';

describe('activitySummary', () => {
  it('puts what an entry is about in one line: a command, a path, a rename, a user, changed keys', () => {
    expect(activitySummary({ data: { command: 'say hi' } })).toBe('say hi');
    expect(activitySummary({ data: { from: 'a.txt', to: 'b.txt' } })).toBe('a.txt → b.txt');
    expect(activitySummary({ data: { paths: ['world', 'logs'], destination: 'old.tar.gz' } })).toBe('world, logs · → old.tar.gz');
    expect(activitySummary({ data: { user: { id: 3, username: 'bob' }, permissions: ['server.view'] } })).toBe('bob');
    expect(activitySummary({ data: { keys: ['panel.title', 'panel.email.from'] } })).toBe('panel.title, panel.email.from');
    expect(activitySummary({ data: { username: 'eve', reason: 'ErrInvalidCredentials' } })).toBe('eve · ErrInvalidCredentials');
    expect(activitySummary({ data: { exitCode: 3, lines: ['starting', 'Exception in thread main'] } })).toBe('Exception in thread main');
    expect(activitySummary({ data: { method: 'passkey' } })).toBe('passkey');
    expect(activitySummary({ data: {} })).toBe('');
  });

  it('keys event labels with underscores, so auth.login and auth.login.failed can both have one', () => {
    expect(eventLabelKey('auth.login')).toBe('activity.events.auth_login');
    expect(eventLabelKey('auth.login.failed')).toBe('activity.events.auth_login_failed');
  });
});
