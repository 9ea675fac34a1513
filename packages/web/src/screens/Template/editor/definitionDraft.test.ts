import { describe, expect, it } from 'vitest';
import { minecraft, normalizeDefinition } from '@outpost/shared';
import { convertDraft, draftDefinition, draftText, openDraft, toEditorView, toJsonView, withText } from './definitionDraft';

const v1 = {
  pufferd: {
    display: 'Vanilla',
    install: { commands: [{ type: 'download', files: 'https://x.test/server.jar' }] },
    run: { stop: 'stop', program: 'java', arguments: ['-jar', 'server.jar'] },
    data: { memory: { value: 1024, display: 'Memory' } },
    environment: { type: 'system' },
  },
};

describe('a definition being edited', () => {
  it('opens a valid definition in the editor and goes editor → JSON → editor without losing anything', () => {
    const draft = openDraft(minecraft);
    expect(draft.view).toBe('editor');
    const json = toJsonView(draft);
    expect(JSON.parse(draftText(json))).toEqual(normalizeDefinition(minecraft));
    const back = toEditorView(json);
    expect(back).toEqual(draft);
    expect(draftDefinition(back)).toEqual({ definition: normalizeDefinition(minecraft) });
  });

  it('keeps a version-1 template as it is until the user converts it, and will not save it before', () => {
    const draft = openDraft(v1);
    expect(draft).toMatchObject({ view: 'json', v1: true });
    expect(JSON.parse(draftText(draft))).toEqual(v1);
    expect(toEditorView(draft)).toMatchObject({ view: 'json', v1: true });
    expect(draftDefinition(draft)).toEqual({ v1: true });

    const converted = convertDraft(draft);
    expect(converted.view).toBe('editor');
    const saved = draftDefinition(converted);
    expect(saved).toMatchObject({ definition: { run: { command: ['java', '-jar', 'server.jar'] }, environment: { type: 'standard' } } });
  });

  it('notices version 1 pasted into the JSON', () => {
    expect(withText(JSON.stringify(v1))).toMatchObject({ v1: true });
    expect(withText('{"run": {"command": "a"}}')).toMatchObject({ v1: false });
  });

  it('stays in JSON with the reason when the text cannot become the editor form', () => {
    expect(toEditorView(withText('{ not json'))).toMatchObject({ view: 'json', invalid: { message: expect.any(String) } });
    expect(toEditorView(withText('{"run": {}}'))).toMatchObject({ view: 'json', invalid: { field: 'run.command' } });
    expect(toEditorView(withText('{"run": {"command": "a"}, "install": [{"type": "nope"}]}'))).toMatchObject({ view: 'json', invalid: { field: 'install[0].type' } });
    expect(draftDefinition(withText('[]'))).toEqual({ invalid: {} });
  });

  it('will not save an editor form the panel would refuse, and says which field', () => {
    const draft = openDraft(minecraft);
    if (draft.view !== 'editor') throw new Error('minecraft opens in the editor');
    expect(draftDefinition({ view: 'editor', form: { ...draft.form, command: '' } })).toMatchObject({ invalid: { field: 'run.command' } });
    expect(draftDefinition({ view: 'editor', form: { ...draft.form, envVars: { 'A B': '1' } } })).toMatchObject({ invalid: { field: 'run.environmentVars' } });
  });

  it('opens a definition it cannot read as JSON with its problem', () => {
    expect(openDraft({ run: {} })).toMatchObject({ view: 'json', v1: false, invalid: { field: 'run.command' } });
  });
});
