import { useState } from 'react';
import { Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useImportableTemplates, useImportTemplate, useTemplates } from '../../api/templates';
import { notifyError, notifySuccess } from '../../components/notify';
import { QueryState } from '../../components/QueryState';

/**
 * The importable templates (shipped with Outpost, plus the configured repository's), each with
 * its own Import. Importing an id that exists overwrites it, so those rows say "Installed".
 */
export function ImportTemplatesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const importable = useImportableTemplates(opened);
  const installed = new Set((useTemplates().data ?? []).map((template) => template.id));
  const importOne = useImportTemplate();
  const [filter, setFilter] = useState('');
  // Several rows may import at once, and one mutation's state only remembers the latest call.
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const run = async (name: string) => {
    setPending((old) => new Set(old).add(name));
    try {
      await importOne.mutateAsync(name);
      notifySuccess(t('templates.imported', { template: name }));
    } catch (error) {
      notifyError(error);
    } finally {
      setPending((old) => {
        const next = new Set(old);
        next.delete(name);
        return next;
      });
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('templates.importTitle')} size="lg">
      <QueryState
        query={importable}
        isEmpty={(names) => names.length === 0}
        empty={{ title: t('templates.importEmptyTitle'), description: t('templates.importEmpty') }}
      >
        {(names) => {
          const needle = filter.trim().toLowerCase();
          const shown = needle ? names.filter((name) => name.toLowerCase().includes(needle)) : names;
          return (
            <Stack gap="sm">
              <TextInput
                placeholder={t('templates.importFilter')}
                aria-label={t('templates.importFilter')}
                leftSection={<IconSearch size={16} />}
                value={filter}
                onChange={(event) => setFilter(event.currentTarget.value)}
                data-autofocus
              />
              <ScrollArea.Autosize mah="55vh">
                <Table verticalSpacing="xs" data-testid="import-list">
                  <Table.Tbody>
                    {shown.map((name) => (
                      <Table.Tr key={name} data-testid={`import-${name}`}>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Text ff="monospace" size="sm">
                              {name}
                            </Text>
                            {installed.has(name) && (
                              <Badge size="sm" variant="light" color="teal">
                                {t('templates.installed')}
                              </Badge>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td ta="end">
                          <Button
                            size="xs"
                            variant="light"
                            leftSection={<IconDownload size={14} />}
                            loading={pending.has(name)}
                            onClick={() => void run(name)}
                            data-testid={`import-button-${name}`}
                          >
                            {t('templates.import')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                {shown.length === 0 && (
                  <Text c="dimmed" size="sm" ta="center" py="md">
                    {t('templates.importNoMatch')}
                  </Text>
                )}
              </ScrollArea.Autosize>
            </Stack>
          );
        }}
      </QueryState>
    </Modal>
  );
}
