import {
  convertV1Template,
  isV1Template,
  normalizeDefinition,
  OutpostError,
  toApiForm,
  toEditorForm,
  validateDefinition,
  type ServerDefinition,
  type TemplateEditorForm,
} from '@outpost/shared';

/** Why the JSON cannot be read: not JSON at all (no field), or the definition's first problem. */
export interface DraftInvalid {
  field?: string;
  message?: string;
}

/**
 * A definition being edited, in one of its two forms: the editor form, or JSON text. `v1` is set
 * while the JSON is a version-1 template, which is only converted when the user asks.
 */
export type Draft =
  | { view: 'editor'; form: TemplateEditorForm }
  | { view: 'json'; text: string; v1: boolean; invalid: DraftInvalid | null };

export const definitionText = (value: unknown) => JSON.stringify(value, null, 2);

function problemOf(error: unknown): DraftInvalid {
  if (error instanceof OutpostError) {
    const field = error.metadata?.field;
    return { field: typeof field === 'string' ? field : undefined, message: error.message };
  }
  return { message: (error as Error).message };
}

/** A definition read and checked as the panel will (without converting version 1), or its problem. */
function check(value: unknown): { definition: ServerDefinition } | { invalid: DraftInvalid } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { invalid: {} };
  const definition = normalizeDefinition(value);
  try {
    validateDefinition(definition);
    return { definition };
  } catch (error) {
    return { invalid: problemOf(error) };
  }
}

/**
 * Opens a definition (loaded, imported or converted): in the editor when it is valid, else as JSON
 * with its problem; a version-1 template opens as JSON with the v1 flag and is left as it is.
 */
export function openDraft(value: unknown): Draft {
  const text = definitionText(value);
  if (isV1Template(value)) return { view: 'json', text, v1: true, invalid: null };
  const checked = check(value);
  if ('invalid' in checked) return { view: 'json', text, v1: false, invalid: checked.invalid };
  return { view: 'editor', form: toEditorForm(checked.definition) };
}

/** The text of a draft in JSON form: the editor form written as the API form. */
export function draftText(draft: Draft): string {
  return draft.view === 'json' ? draft.text : definitionText(toApiForm(draft.form));
}

export const toJsonView = (draft: Draft): Draft => (draft.view === 'json' ? draft : { view: 'json', text: draftText(draft), v1: false, invalid: null });

function parse(text: string): { value: unknown } | { invalid: DraftInvalid } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { invalid: { message: (error as Error).message } };
  }
}

/** JSON text edited by hand: the v1 flag follows the text, and an earlier problem is cleared. */
export function withText(text: string): Draft {
  const parsed = parse(text);
  return { view: 'json', text, v1: 'value' in parsed && isV1Template(parsed.value), invalid: null };
}

/** Back to the editor form when the JSON is a valid current definition; otherwise the draft with the reason. */
export function toEditorView(draft: Draft): Draft {
  if (draft.view === 'editor') return draft;
  const parsed = parse(draft.text);
  if ('invalid' in parsed) return { ...draft, invalid: parsed.invalid };
  if (isV1Template(parsed.value)) return { ...draft, v1: true, invalid: null };
  const checked = check(parsed.value);
  if ('invalid' in checked) return { ...draft, invalid: checked.invalid };
  return { view: 'editor', form: toEditorForm(checked.definition) };
}

/** The user's Convert: the version-1 JSON turned into the current form, opened like any definition. */
export function convertDraft(draft: Draft): Draft {
  if (draft.view !== 'json') return draft;
  const parsed = parse(draft.text);
  if ('invalid' in parsed) return { ...draft, invalid: parsed.invalid };
  return openDraft(normalizeDefinition(convertV1Template(parsed.value)));
}

/** What Save sends: the API form checked as the panel will, or why there is nothing to send (version 1 must be converted first). */
export function draftDefinition(draft: Draft): { definition: ServerDefinition } | { invalid: DraftInvalid } | { v1: true } {
  if (draft.view === 'editor') return check(toApiForm(draft.form));
  const parsed = parse(draft.text);
  if ('invalid' in parsed) return parsed;
  if (isV1Template(parsed.value)) return { v1: true };
  return check(parsed.value);
}
