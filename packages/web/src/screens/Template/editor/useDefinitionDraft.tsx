import { useState } from 'react';
import type { ServerDefinition } from '@outpost/shared';
import { useUnsavedChangesGuard } from '../../../hooks/useUnsavedChangesGuard';
import { draftDefinition, draftText, openDraft, type Draft, type DraftInvalid } from './definitionDraft';

/**
 * The state of one definition being edited: the draft, whether it differs from what was last
 * loaded or saved (and asking before leaving if so), and what Save may send.
 */
export function useDefinitionDraft(initial: unknown) {
  const [draft, setDraftState] = useState<Draft>(() => openDraft(initial));
  // Why the editor form could not be saved; the JSON form carries its own reason in the draft.
  const [invalid, setInvalid] = useState<DraftInvalid | null>(null);
  const setDraft = (next: Draft) => {
    setDraftState(next);
    setInvalid(null);
  };
  const [baseline, setBaseline] = useState(() => draftText(openDraft(initial)));
  const dirty = draftText(draft) !== baseline;
  const guard = useUnsavedChangesGuard(dirty);

  /** The definition to send, or null when there is none yet (the reason then shows in the draft). */
  const definitionToSave = (): ServerDefinition | null => {
    const result = draftDefinition(draft);
    if ('definition' in result) return result.definition;
    if ('invalid' in result) {
      if (draft.view === 'json') setDraftState({ ...draft, invalid: result.invalid });
      else setInvalid(result.invalid);
    }
    return null;
  };

  return {
    draft,
    setDraft,
    dirty,
    invalid,
    /** A version-1 template waits for Convert before it can be saved. */
    isV1: draft.view === 'json' && draft.v1,
    definitionToSave,
    /** After a save: what is on screen is now what is stored. */
    markSaved: () => setBaseline(draftText(draft)),
    leaveDialog: guard.dialog,
    allowLeaving: guard.allowLeaving,
  };
}
