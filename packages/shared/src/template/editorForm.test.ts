import { describe, expect, it } from 'vitest';
import { toApiForm, toEditorForm } from './editorForm.js';
import { minecraft, signalStopped } from './exampleDefinitions.js';
import { normalizeDefinition } from './normalizeDefinition.js';
import type { ServerDefinition } from '../contract/definition.js';

const examples: Record<string, ServerDefinition> = {
  minecraft,
  signalStopped,
  minimal: { run: { command: 'node server.js' } },
  withExtras: { run: { command: 'x', nice: 5 } as never, tasks: { a: { name: 'backup' } } } as never,
  shorthand: {
    install: [{ type: 'download', files: 'https://x.test/a.jar' }, { type: 'command', commands: 'chmod +x a' }] as never,
    run: { command: 'a', stop: 'quit', pre: [], post: [], environmentVars: {}, autostart: false },
    data: { v: {} },
    supportedEnvironments: [],
  },
};

describe('editor form and API form', () => {
  for (const [name, example] of Object.entries(examples)) {
    it(`round-trips ${name} API → editor → API without losing anything`, () => {
      const once = toApiForm(toEditorForm(example));
      expect(once).toEqual(normalizeDefinition(example));
      expect(toApiForm(toEditorForm(once))).toEqual(once);
    });

    it(`round-trips ${name} editor → API → editor`, () => {
      const form = toEditorForm(example);
      expect(toEditorForm(toApiForm(form))).toEqual(form);
    });
  }

  it('flattens the run section and lists variables by name in their order', () => {
    const form = toEditorForm(minecraft);
    expect(form.command).toEqual(minecraft.run.command);
    expect(form.stop).toEqual({ type: 'command', value: 'stop' });
    expect(form.envVars).toEqual(minecraft.run.environmentVars);
    expect(form.vars.map((v) => v.name)).toEqual(['version', 'memory', 'eula', 'port', 'motd']);
    expect(form.defaultEnv).toEqual(minecraft.environment);
    expect(form.supportedEnvs).toHaveLength(3);
    expect([form.autostart, form.autorestart, form.autorecover]).toEqual([true, false, true]);
  });

  it('shows a stop code as a signal stop, and stores a signal typed as text as a number', () => {
    const form = toEditorForm(signalStopped);
    expect(form.stop).toEqual({ type: 'signal', value: 2 });
    const api = toApiForm({ ...form, stop: { type: 'signal', value: '15' } });
    expect(api.run.stopCode).toBe(15);
    expect(api.run.stop).toBeUndefined();
  });

  it('switching the stop to a command drops the stop code', () => {
    const api = toApiForm({ ...toEditorForm(signalStopped), stop: { type: 'command', value: 'exit' } });
    expect(api.run).toMatchObject({ stop: 'exit' });
    expect(api.run.stopCode).toBeUndefined();
  });

  it('gives an empty definition empty editor lists and off flags', () => {
    const form = toEditorForm({ run: { command: 'a' } });
    expect(form).toMatchObject({ pre: [], post: [], install: [], vars: [], envVars: {}, supportedEnvs: [], autostart: false });
    expect(form.stop).toBeUndefined();
  });

  it('keeps keys it does not know, at the top and under run', () => {
    const form = toEditorForm(examples.withExtras!);
    expect(form.extra).toEqual({ definition: { tasks: { a: { name: 'backup' } } }, run: { nice: 5 } });
    expect(toApiForm(form)).toMatchObject({ tasks: { a: { name: 'backup' } }, run: { nice: 5 } });
  });
});
