import { useState } from 'react';
import { Badge, Button, Paper, Stack } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import { useParams } from '../../router/useParams';
import { Scopes, type Template } from '@outpost/shared';
import { templateText, useTemplate } from '../../api/templates';
import { notifySuccess } from '../../components/notify';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCan } from '../../hooks/useCan';
import { Markdown } from '../Server/settings/Markdown';
import { DeleteTemplateDialog } from './DeleteTemplateDialog';
import { definitionText } from './editor/definitionDraft';
import { DraftEditor } from './editor/DraftEditor';
import { useDefinitionDraft } from './editor/useDefinitionDraft';
import { TemplateJsonEditor } from './TemplateJsonEditor';
import { useSubmitTemplate } from './useSubmitTemplate';

/** One template in the editor of spec 2.12 (or as JSON): saved with PUT, deleted after a confirmation; read-only without templates.edit. */
export default function TemplateScreen() {
  const { id = '' } = useParams();
  // Keyed by id: opening another template starts clean (its draft, its errors, its dialogs).
  return <TemplateLoader key={id} id={id} />;
}

function TemplateLoader({ id }: { id: string }) {
  const template = useTemplate(id);
  const canEdit = useCan(Scopes.TemplatesEdit);
  return (
    <>
      {!template.data && <ScreenHeader title={id} />}
      <QueryState query={template} skeletonRows={8}>
        {(data) => (canEdit ? <TemplateEditor id={id} template={data} /> : <TemplateView id={id} template={data} />)}
      </QueryState>
    </>
  );
}

const titleOf = (id: string, template: Template) => template.display || template.name || id;

function TemplateView({ id, template }: { id: string; template: Template }) {
  const { t } = useTranslation();
  const title = titleOf(id, template);
  return (
    <>
      <ScreenHeader
        title={title}
        description={title === id ? undefined : id}
        actions={
          <Badge variant="light" color="gray" size="lg">
            {t('templates.readOnly')}
          </Badge>
        }
      />
      <Stack gap="md">
        {template.readme && (
          <Paper withBorder p="md" radius="md" data-testid="readme-preview">
            <Markdown text={template.readme} />
          </Paper>
        )}
        <TemplateJsonEditor value={templateText(template)} onChange={() => {}} invalid={null} readOnly />
      </Stack>
    </>
  );
}

function TemplateEditor({ id, template }: { id: string; template: Template }) {
  const { t } = useTranslation();
  const { submit, invalid, clearInvalid, saving } = useSubmitTemplate();
  const editing = useDefinitionDraft(template);
  const [deleting, setDeleting] = useState(false);
  const title = titleOf(id, template);

  const save = () => {
    const definition = editing.definitionToSave();
    if (definition) submit(id, definitionText(definition), () => {
      editing.markSaved();
      notifySuccess(t('templates.saved'));
    });
  };

  return (
    <>
      <ScreenHeader
        title={title}
        description={title === id ? undefined : id}
        actions={
          <>
            <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)} data-testid="delete-template">
              {t('templates.delete')}
            </Button>
            <Button leftSection={<IconDeviceFloppy size={16} />} loading={saving} disabled={editing.isV1} onClick={save} data-testid="save-template">
              {t('common.save')}
            </Button>
          </>
        }
      />
      <DraftEditor
        draft={editing.draft}
        onDraft={(draft) => {
          editing.setDraft(draft);
          clearInvalid();
        }}
        mode="template"
        refused={invalid ?? editing.invalid}
      />
      <DeleteTemplateDialog
        id={id}
        opened={deleting}
        onClose={() => setDeleting(false)}
        onDeleting={editing.allowLeaving}
      />
      {editing.leaveDialog}
    </>
  );
}
