import { describe, expect, it } from 'vitest';
import { Scopes } from '@outpost/shared';
import en from '../../../../../shared/src/i18n/en_US.json' with { type: 'json' };
import { taskDisabledText } from './taskDisabledText';

const lookup = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

describe('taskDisabledText', () => {
  it('names the permission the task\'s saver lacks as the permission screens do, and says nothing for a task that runs', () => {
    expect(taskDisabledText(undefined)).toBeUndefined();
    const server = taskDisabledText({ reason: 'ownerLacksScope', scope: Scopes.ServerEdit })!;
    const panel = taskDisabledText({ reason: 'ownerLacksScope', scope: Scopes.ServersEditAdmin })!;
    const unsaved = taskDisabledText({ reason: 'unsaved' })!;
    expect(lookup(server.permissionKey!)).toBe('Edit settings and tasks');
    expect(lookup(panel.permissionKey!)).toBe("Edit servers' admin settings");
    for (const text of [server, panel, unsaved]) expect(typeof lookup(text.key), text.key).toBe('string');
  });
});
