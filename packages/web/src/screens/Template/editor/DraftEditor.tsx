import { useState } from 'react';
import { Alert, Button, FileButton, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileImport } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';
import { TemplateJsonEditor } from '../TemplateJsonEditor';
import { convertDraft, openDraft, toEditorView, toJsonView, withText, type Draft, type DraftInvalid } from './definitionDraft';
import { DefinitionForm, type EditorMode } from './DefinitionForm';

interface DraftEditorProps {
  draft: Draft;
  onDraft: (draft: Draft) => void;
  mode: EditorMode;
  /** The panel's refusal of the last save, shown until the next edit. */
  refused?: DraftInvalid | null;
  jsonHeight?: string;
}

/**
 * A definition in the editor form or as JSON, with the toggle between them (lossless both
 * ways), a version-1 banner whose Convert is the only way such a template is converted, and
 * opening a definition from a file.
 */
export function DraftEditor({ draft, onDraft, mode, refused, jsonHeight }: DraftEditorProps) {
  const { t } = useTranslation();
  // A replaced draft (a file opened, a conversion) starts the form's sections afresh.
  const [generation, setGeneration] = useState(0);
  const replace = (next: Draft) => {
    setGeneration((n) => n + 1);
    onDraft(next);
  };
  const open = async (file: File | null) => {
    if (!file) return;
    const text = await file.text();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      replace({ view: 'json', text, v1: false, invalid: { message: (error as Error).message } });
      return;
    }
    replace(openDraft(value));
  };
  const invalid = (draft.view === 'json' ? draft.invalid : null) ?? refused ?? null;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl
          value={draft.view}
          onChange={(view) => replace(view === 'json' ? toJsonView(draft) : toEditorView(draft))}
          data={[
            { value: 'editor', label: t('templateEditor.viewEditor') },
            { value: 'json', label: t('templateEditor.viewJson') },
          ]}
          data-testid="editor-view"
        />
        <FileButton onChange={(file) => void open(file)} accept="application/json,.json">
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconFileImport size={14} />} data-testid="open-file">
              {t('templateEditor.openFile')}
            </Button>
          )}
        </FileButton>
      </Group>
      {draft.view === 'json' && draft.v1 && (
        <Alert color="yellow" icon={<IconAlertTriangle />} title={t('templateEditor.v1Title')} data-testid="v1-banner">
          <Text size="sm" mb="sm">
            {t('templateEditor.v1Message')}
          </Text>
          <Button size="xs" onClick={() => replace(convertDraft(draft))} data-testid="v1-convert">
            {t('templateEditor.v1Convert')}
          </Button>
        </Alert>
      )}
      {draft.view === 'editor' ? (
        <>
          {invalid && <InvalidAlert invalid={invalid} />}
          <DefinitionForm key={generation} form={draft.form} mode={mode} onChange={(form) => onDraft({ view: 'editor', form })} />
        </>
      ) : (
        <>
          <TemplateJsonEditor value={draft.text} onChange={(text) => onDraft(withText(text))} invalid={invalid} height={jsonHeight} />
          {invalid?.message && (
            <Text size="sm" c="red" data-testid="template-invalid-message">
              {invalid.message}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

function InvalidAlert({ invalid }: { invalid: DraftInvalid }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" icon={<IconAlertTriangle />} title={t('errors.ErrInvalidJson')} data-testid="template-invalid">
      {invalid.field && <Text size="sm">{t('templates.invalidField', { field: invalid.field })}</Text>}
      {invalid.message && <Text size="sm">{invalid.message}</Text>}
    </Alert>
  );
}
