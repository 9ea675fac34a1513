import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { templateText, useTemplates } from '../../api/templates';
import { notifySuccess } from '../../components/notify';
import { ScreenHeader } from '../../components/ScreenHeader';
import { TemplateJsonEditor } from '../Template/TemplateJsonEditor';
import { useSubmitTemplate } from '../Template/useSubmitTemplate';
import { isValidTemplateId } from './isValidTemplateId';
import { templateSkeleton } from './templateSkeleton';

/** A new template: its id and its JSON, starting from the smallest valid one; Create is PUT /api/templates/{id}. */
export default function AddTemplateScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const templates = useTemplates();
  const { submit, invalid, clearInvalid, saving } = useSubmitTemplate();
  const [id, setId] = useState('');
  const [text, setText] = useState(() => templateText(templateSkeleton));
  const [touched, setTouched] = useState(false);

  // PUT replaces silently, so an id in use is refused here rather than overwriting that template.
  const taken = !!templates.data?.some((template) => template.id === id);
  const idError = !id ? t('errors.ErrFieldRequired', { field: t('templates.id') }) : !isValidTemplateId(id) ? t('templates.idInvalid') : taken ? t('templates.idTaken') : undefined;

  const create = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (idError || !templates.isSuccess) return;
    submit(id, text, () => {
      notifySuccess(t('templates.created'));
      void navigate(`/template/${encodeURIComponent(id)}`);
    });
  };

  return (
    <>
      <ScreenHeader title={t('screens.addTemplate')} description={t('templates.addDescription')} />
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
          <TemplateJsonEditor
            value={text}
            onChange={(value) => {
              setText(value);
              clearInvalid();
            }}
            invalid={invalid}
            height="max(320px, calc(100vh - 420px))"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate('/template')}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={!templates.isSuccess} data-testid="create-template">
              {t('templates.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}
