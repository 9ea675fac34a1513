import { useState } from 'react';
import { Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import { Link } from 'wouter';
import { Scopes } from '@outpost/shared';
import { useTemplates } from '../../api/templates';
import { LinkRow } from '../../components/LinkRow';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCan } from '../../hooks/useCan';
import { ImportTemplatesDialog } from './ImportTemplatesDialog';

/** Every template, with Import and Add for templates.edit holders (spec panel.md section 2). */
export default function TemplatesScreen() {
  const { t } = useTranslation();
  const templates = useTemplates();
  const canEdit = useCan(Scopes.TemplatesEdit);
  const [importing, setImporting] = useState(false);

  // The empty state repeats the header's buttons; its Import gets its own test id so each id is unique.
  const importButton = (testId: string) => (
    <Button variant="default" leftSection={<IconDownload size={16} />} onClick={() => setImporting(true)} data-testid={testId}>
      {t('templates.import')}
    </Button>
  );
  const addButton = (
    <Button component={Link} to="/addtemplate" leftSection={<IconPlus size={16} />}>
      {t('templates.add')}
    </Button>
  );

  return (
    <>
      <ScreenHeader
        title={t('screens.templates')}
        actions={
          canEdit ? (
            <>
              {importButton('import-templates')}
              {addButton}
            </>
          ) : null
        }
      />
      <QueryState
        query={templates}
        skeletonRows={5}
        isEmpty={(list) => list.length === 0}
        empty={{
          title: t('templates.emptyTitle'),
          description: canEdit ? t('templates.emptyImport') : t('templates.emptyAsk'),
          action: canEdit ? (
            <Group gap="sm">
              {importButton('import-templates-empty')}
              {addButton}
            </Group>
          ) : undefined,
        }}
      >
        {(list) => (
          <Paper withBorder radius="md">
            <Table highlightOnHover verticalSpacing="sm" data-testid="template-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('templates.id')}</Table.Th>
                  <Table.Th>{t('templates.display')}</Table.Th>
                  <Table.Th>{t('templates.type')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((template) => (
                  <LinkRow key={template.id} to={`/template/${encodeURIComponent(template.id)}`} testId={`template-${template.id}`}>
                    <Table.Td>
                      <Text ff="monospace" size="sm" c="dimmed">
                        {template.id}
                      </Text>
                    </Table.Td>
                    <Table.Td fw={500}>{template.display || template.name || template.id}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c={template.type ? undefined : 'dimmed'}>
                        {template.type || '—'}
                      </Text>
                    </Table.Td>
                  </LinkRow>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </QueryState>
      {canEdit && <ImportTemplatesDialog opened={importing} onClose={() => setImporting(false)} />}
    </>
  );
}
