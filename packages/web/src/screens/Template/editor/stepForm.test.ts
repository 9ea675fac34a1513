import { describe, expect, it } from 'vitest';
import { validateDefinition, type Step } from '@outpost/shared';
import { emptyStep, STEP_TYPES, stepFields, stepForSave, stepProblems, stepSummary } from './stepForm';

describe('the step forms', () => {
  it('offers every step type of the spec, each with its fields', () => {
    expect(STEP_TYPES).toEqual(
      expect.arrayContaining(['download', 'command', 'alterfile', 'writefile', 'move', 'mkdir', 'mojangdl', 'forgedl', 'spongeforgedl', 'fabricdl', 'javadl', 'steamgamedl']),
    );
    expect(stepFields('alterfile').map((field) => field.name)).toEqual(['file', 'regex', 'search', 'replace']);
    expect(stepFields('javadl')).toEqual([{ name: 'version', kind: 'number', required: true }]);
  });

  it('refuses a new step until its required fields are filled, then the definition accepts it', () => {
    for (const type of STEP_TYPES) {
      const step = emptyStep(type);
      const required = stepFields(type).filter((field) => field.required && field.kind !== 'number');
      expect(Object.keys(stepProblems(step)).sort(), type).toEqual(required.map((field) => field.name).sort());
      const filled = { ...step } as Record<string, unknown>;
      for (const field of required) filled[field.name] = field.kind === 'lines' ? ['x'] : 'x';
      expect(stepProblems(filled as Step), type).toEqual({});
      expect(() => validateDefinition({ run: { command: 'a' }, install: [filled] }), type).not.toThrow();
    }
  });

  it('says which field is wrong and drops blank lines on save', () => {
    expect(stepProblems({ type: 'download', files: ['', '  '] })).toEqual({ files: 'required' });
    expect(stepProblems({ type: 'javadl', version: 8.5 })).toEqual({ version: 'integer' });
    expect(stepForSave({ type: 'command', commands: ['a', '', 'b'] })).toEqual({ type: 'command', commands: ['a', 'b'] });
    expect(emptyStep('javadl')).toMatchObject({ type: 'javadl', version: 17 });
  });

  it('sums a step up in one line', () => {
    expect(stepSummary({ type: 'mojangdl', version: '1.21', target: 'server.jar' })).toBe('1.21 · server.jar');
    expect(stepSummary({ type: 'download', files: ['a', 'b'] })).toBe('a, b');
  });
});
