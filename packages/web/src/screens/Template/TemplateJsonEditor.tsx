import { Alert, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import { LazyCodeEditor } from '../../components/codeEditor/LazyCodeEditor';
import type { TemplateInvalid } from './useSubmitTemplate';

/** A template's JSON with highlighting, and the ErrInvalidJson message above it when a save was refused. */
export function TemplateJsonEditor({
  value,
  onChange,
  invalid,
  readOnly = false,
  height = 'max(320px, calc(100vh - 200px))',
}: {
  value: string;
  onChange: (value: string) => void;
  invalid: TemplateInvalid | null;
  readOnly?: boolean;
  height?: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {invalid && (
        <Alert color="red" icon={<IconAlertCircle />} title={t('errors.ErrInvalidJson')} data-testid="template-invalid">
          {invalid.field && <Text size="sm">{t('templates.invalidField', { field: invalid.field })}</Text>}
        </Alert>
      )}
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {/* The .json name is what makes CodeEditor pick JSON highlighting. */}
        <LazyCodeEditor value={value} onChange={onChange} fileName="template.json" height={height} readOnly={readOnly} label={t('templates.jsonEditor')} />
      </Paper>
    </Stack>
  );
}
