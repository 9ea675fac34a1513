import { describe, expect, it } from 'vitest';
import { toEditorForm } from './editorForm.js';
import { unusedEnvironmentTypes, withSupportedEnvs } from './editorEnvironments.js';

describe('editor environments', () => {
  it('offers only environment types not yet listed', () => {
    expect(unusedEnvironmentTypes([])).toEqual(['standard', 'tty', 'docker']);
    expect(unusedEnvironmentTypes([{ type: 'docker' }, { type: 'standard' }])).toEqual(['tty']);
    expect(unusedEnvironmentTypes([{ type: 'docker' }, { type: 'standard' }, { type: 'tty' }])).toEqual([]);
  });

  it('re-points the default environment to the entry of the same type, or clears it', () => {
    const form = toEditorForm({ run: { command: 'x' }, environment: { type: 'docker', image: 'a' }, supportedEnvironments: [{ type: 'docker', image: 'a' }] });
    const edited = withSupportedEnvs(form, [{ type: 'standard' }, { type: 'docker', image: 'b' }]);
    expect(edited.defaultEnv).toEqual({ type: 'docker', image: 'b' });
    expect(withSupportedEnvs(edited, [{ type: 'standard' }]).defaultEnv).toBeUndefined();
  });
});
