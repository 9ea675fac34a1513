import { useState } from 'react';
import { ApiError } from '../../api/ApiError';
import { parseTemplateText, useSaveTemplate } from '../../api/templates';
import { notifyError } from '../../components/notify';

/** Why a template was refused: the spec's ErrInvalidJson, with the field the panel named if any. */
export interface TemplateInvalid {
  field?: string;
}

/**
 * Saving a template's JSON text, for the edit and add screens: text that is not a JSON object
 * is refused before any call, and a 400 answer is shown as ErrInvalidJson (spec panel.md
 * section 7) next to the editor rather than as a toast, so it stays while the user fixes it.
 */
export function useSubmitTemplate() {
  const save = useSaveTemplate();
  const [invalid, setInvalid] = useState<TemplateInvalid | null>(null);

  const submit = (id: string, text: string, onSaved: () => void) => {
    const template = parseTemplateText(text);
    if (!template) {
      setInvalid({});
      return;
    }
    setInvalid(null);
    save.mutate(
      { id, template },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'ErrInvalidJson') {
            const field = error.metadata.field;
            setInvalid({ field: typeof field === 'string' ? field : undefined });
          } else notifyError(error);
        },
      },
    );
  };

  return { submit, invalid, clearInvalid: () => setInvalid(null), saving: save.isPending };
}
