import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import { useNavigate } from '../../router/useNavigate';
import { useTemplates } from '../../api/templates';
import { notifySuccess } from '../../components/notify';
import { ScreenHeader } from '../../components/ScreenHeader';
import { definitionText } from '../Template/editor/definitionDraft';
import { DraftEditor } from '../Template/editor/DraftEditor';
import { useDefinitionDraft } from '../Template/editor/useDefinitionDraft';
import { useSubmitTemplate } from '../Template/useSubmitTemplate';
import { isValidTemplateId } from './isValidTemplateId';
import { templateSkeleton } from './templateSkeleton';

/** A new template: its id and its definition (editor or JSON), starting from the smallest valid one; Create is PUT /api/templates/{id}. */
export default function AddTemplateScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const templates = useTemplates();
  const { submit, invalid, clearInvalid, saving } = useSubmitTemplate();
  const editing = useDefinitionDraft(templateSkeleton);
  const [id, setId] = useState('');
  const [touched, setTouched] = useState(false);

  // PUT replaces silently, so an id in use is refused here rather than overwriting that template.
  const taken = !!templates.data?.some((template) => template.id === id);
  const idError = !id ? t('errors.ErrFieldRequired', { field: t('templates.id') }) : !isValidTemplateId(id) ? t('templates.idInvalid') : taken ? t('templates.idTaken') : undefined;

  const create = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (idError || !templates.isSuccess) return;
    const definition = editing.definitionToSave();
    if (!definition) return;
    submit(id, definitionText(definition), () => {
      notifySuccess(t('templates.created'));
      editing.allowLeaving();
      void navigate(`/template/${encodeURIComponent(id)}`);
    });
  };

  return (
    <>
      <ScreenHeader title={t('screens.addTemplate')} description={t('templateEditor.addDescription')} />
      <form onSubmit={create} noValidate>
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <TextInput
              label={t('templates.id')}
              description={t('templates.idHint')}
              required
              maw={420}
              value={id}
              onChange={(event) => setId(event.currentTarget.value)}
              // An id in use is said at once; other problems wait for the first Create.
              error={(touched || taken) && idError}
              name="id"
              data-testid="template-id"
            />
          </Paper>
          <DraftEditor
            draft={editing.draft}
            onDraft={(draft) => {
              editing.setDraft(draft);
              clearInvalid();
            }}
            mode="template"
            refused={invalid ?? editing.invalid}
            jsonHeight="max(320px, calc(100vh - 480px))"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate('/template')}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={!templates.isSuccess || editing.isV1} data-testid="create-template">
              {t('templates.create')}
            </Button>
          </Group>
        </Stack>
      </form>
      {editing.leaveDialog}
    </>
  );
}
