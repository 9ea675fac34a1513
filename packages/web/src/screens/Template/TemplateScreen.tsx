import { useState } from 'react';
import { Badge, Button } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Scopes } from '@outpost/shared';
import { templateText, useTemplate } from '../../api/templates';
import { notifySuccess } from '../../components/notify';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCan } from '../../hooks/useCan';
import { DeleteTemplateDialog } from './DeleteTemplateDialog';
import { TemplateJsonEditor } from './TemplateJsonEditor';
import { useSubmitTemplate } from './useSubmitTemplate';

/** One template as JSON: saved with PUT, deleted after a confirmation; read-only without templates.edit. */
export default function TemplateScreen() {
  const { id = '' } = useParams();
  // Keyed by id: opening another template starts clean (its text, its errors, its dialogs).
  return <TemplateEditor key={id} id={id} />;
}

function TemplateEditor({ id }: { id: string }) {
  const { t } = useTranslation();
  const template = useTemplate(id);
  const canEdit = useCan(Scopes.TemplatesEdit);
  const { submit, invalid, clearInvalid, saving } = useSubmitTemplate();
  const [deleting, setDeleting] = useState(false);
  // Until the first keystroke the editor shows the loaded template.
  const [edited, setEdited] = useState<string | null>(null);
  const text = edited ?? (template.data ? templateText(template.data) : '');

  const title = template.data?.display || template.data?.name || id;
  const actions = !template.data ? null : canEdit ? (
    <>
      <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)} data-testid="delete-template">
        {t('templates.delete')}
      </Button>
      <Button leftSection={<IconDeviceFloppy size={16} />} loading={saving} onClick={() => submit(id, text, () => notifySuccess(t('templates.saved')))} data-testid="save-template">
        {t('common.save')}
      </Button>
    </>
  ) : (
    <Badge variant="light" color="gray" size="lg">
      {t('templates.readOnly')}
    </Badge>
  );

  return (
    <>
      <ScreenHeader title={title} description={title === id ? undefined : id} actions={actions} />
      <QueryState query={template} skeletonRows={8}>
        {() => (
          <TemplateJsonEditor
            value={text}
            onChange={(value) => {
              setEdited(value);
              clearInvalid();
            }}
            invalid={invalid}
            readOnly={!canEdit}
          />
        )}
      </QueryState>
      {canEdit && <DeleteTemplateDialog id={id} opened={deleting} onClose={() => setDeleting(false)} />}
    </>
  );
}
