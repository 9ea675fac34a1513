import { serverPermissionFlags } from '@outpost/shared';
import { describe, expect, it } from 'vitest';
import { flagsBeyond, flagsChanged, flagsOf, newEntryProblem } from './serverUserEntry';

describe('flagsOf', () => {
  it('sends every flag, unchecked ones as false, and no email or username', () => {
    const body = flagsOf({ email: 'a@b.c', username: 'a', viewServerConsole: true, stopServer: false } as never);
    expect(Object.keys(body).sort()).toEqual([...serverPermissionFlags].sort());
    expect(body.viewServerConsole).toBe(true);
    expect(body.stopServer).toBe(false);
    expect(body.deleteServer).toBe(false);
  });
});

describe('flagsChanged', () => {
  it('treats a missing flag as off', () => {
    expect(flagsChanged({ viewServerConsole: true }, flagsOf({ viewServerConsole: true }))).toBe(false);
  });

  it('notices a switch turned on or off', () => {
    expect(flagsChanged({ viewServerConsole: true }, { viewServerConsole: false })).toBe(true);
    expect(flagsChanged({}, { sftpServer: true })).toBe(true);
  });
});

describe('flagsBeyond', () => {
  it('lists the flags the entry holds that the current user may not hand out', () => {
    const mayGrant = (flag: string) => flag !== 'deleteServer';
    expect(flagsBeyond({ deleteServer: true, viewServerConsole: true }, mayGrant)).toEqual(['deleteServer']);
    expect(flagsBeyond({ deleteServer: false, viewServerConsole: true }, mayGrant)).toEqual([]);
  });
});

describe('newEntryProblem', () => {
  const existing = [{ email: 'taken@outpost.test' }];

  it('asks for an email when the field is empty or blank', () => {
    expect(newEntryProblem('', existing)).toBe('emailRequired');
    expect(newEntryProblem('   ', existing)).toBe('emailRequired');
  });

  it('refuses an email that already has an entry', () => {
    expect(newEntryProblem(' taken@outpost.test ', existing)).toBe('alreadyListed');
  });

  it('accepts a new email', () => {
    expect(newEntryProblem('new@outpost.test', existing)).toBeNull();
  });
});
