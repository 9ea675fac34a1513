import { describe, expect, it } from 'vitest';
import en from '../../../../../shared/src/i18n/en_US.json' with { type: 'json' };
import { Scopes } from '@outpost/shared';
import { allowedOperationTypes, emptyOperation, operationFields, TASK_OPERATION_TYPES } from './operationFields';

describe('the operation editor', () => {
  it('offers every install step type and the server operations, each named in the catalogue with its fields', () => {
    expect(TASK_OPERATION_TYPES).toEqual(expect.arrayContaining(['download', 'command', 'mojangdl', 'steamgamedl', 'console', 'start', 'stop', 'restart', 'kill', 'wait']));
    for (const type of TASK_OPERATION_TYPES) {
      expect(en.tasks.types, type).toHaveProperty(type);
      for (const field of operationFields[type]) expect(en.tasks.fields, `${type}.${field.name}`).toHaveProperty(field.name);
    }
  });

  it('starts a new operation with the fields its type requires', () => {
    expect(emptyOperation('console')).toEqual({ type: 'console', command: '' });
    expect(emptyOperation('wait')).toEqual({ type: 'wait', seconds: 0 });
    expect(emptyOperation('download')).toEqual({ type: 'download', files: [] });
    expect(emptyOperation('stop')).toEqual({ type: 'stop' });
    expect(emptyOperation('backup')).toEqual({ type: 'backup' });
    expect(operationFields.backup).toEqual([{ name: 'name', kind: 'text', required: false }]);
  });

  it('offers only the operations the user may do by hand: editServerData alone may pause, a step needs servers.edit.admin', () => {
    expect(allowedOperationTypes([Scopes.ServerEdit])).toEqual(['wait']);
    expect(allowedOperationTypes([Scopes.ServerEdit, Scopes.ServerStart, Scopes.ServerStop, Scopes.ServerConsoleSend]).sort()).toEqual(['console', 'kill', 'restart', 'start', 'stop', 'wait']);
    expect(allowedOperationTypes([Scopes.ServerEdit, Scopes.ServersEditAdmin])).toEqual(expect.arrayContaining(['command', 'writefile', 'download', 'wait']));
    expect(allowedOperationTypes([Scopes.ServersAdmin])).toEqual(TASK_OPERATION_TYPES);
    expect(allowedOperationTypes([Scopes.ServerEdit, Scopes.ServerBackupsCreate]).sort()).toEqual(['backup', 'wait']);
    expect(allowedOperationTypes([])).toEqual([]);
  });
});
