import { useState } from 'react';
import { Alert, Badge, Button, Group, Modal, ScrollArea, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconSearch } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import type { RepositoryTemplate } from '@outpost/shared';
import { ApiError } from '../../api/ApiError';
import { useImportFromRepository, useRepositoryTemplates, useTemplateRepositories } from '../../api/templateRepos';
import { notifyError, notifySuccess } from '../../components/notify';
import { QueryState } from '../../components/QueryState';

const marks: Record<RepositoryTemplate['status'], { label: string; color: string } | undefined> = {
  new: undefined,
  installed: { label: 'templates.installed', color: 'teal' },
  newer: { label: 'templateRepos.newer', color: 'orange' },
  invalid: { label: 'templateRepos.invalid', color: 'red' },
};

/**
 * The templates one repository offers (the shipped one first; the others are added in the
 * settings), each marked installed or newer available, with its own Import. Importing an id
 * that exists overwrites it.
 */
export function ImportTemplatesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const repositories = useTemplateRepositories(opened);
  const [chosen, setChosen] = useState('shipped');
  const offered = useRepositoryTemplates(opened ? chosen : null);
  const importOne = useImportFromRepository();
  const [filter, setFilter] = useState('');
  // Several rows may import at once, and one mutation's state only remembers the latest call.
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const run = async (name: string, convert: boolean) => {
    setPending((old) => new Set(old).add(name));
    try {
      await importOne.mutateAsync({ repository: chosen, name, convert });
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

  // Every template the repository offers that is not here yet, one after the other; one that
  // fails is said and the rest still come.
  const [importingAll, setImportingAll] = useState(false);
  const importAll = async (entries: RepositoryTemplate[]) => {
    setImportingAll(true);
    let imported = 0;
    for (const entry of entries) {
      try {
        await importOne.mutateAsync({ repository: chosen, name: entry.id, convert: entry.version1 === true });
        imported += 1;
      } catch (error) {
        notifyError(error);
      }
    }
    setImportingAll(false);
    if (imported > 0) notifySuccess(t('templates.importedAll', { count: imported }));
  };

  const unreachable = offered.error instanceof ApiError && offered.error.code === 'ErrServiceNotAvailable' ? offered.error : undefined;
  const choices = (repositories.data ?? []).map((repository) => ({ value: repository.id, label: repository.shipped ? t('templateRepos.shipped') : repository.url }));

  return (
    <Modal opened={opened} onClose={onClose} title={t('templates.importTitle')} size="lg">
      <Stack gap="sm">
        <Select
          label={t('templateRepos.repository')}
          data={choices.length ? choices : [{ value: 'shipped', label: t('templateRepos.shipped') }]}
          value={chosen}
          onChange={(value) => setChosen(value ?? 'shipped')}
          allowDeselect={false}
          data-testid="import-repository"
        />
        {unreachable ? (
          <Alert color="red" icon={<IconAlertCircle />} title={t('templateRepos.unreachable', { url: String(unreachable.metadata.url ?? '') })} data-testid="repository-unreachable">
            <Text size="sm">{unreachable.message}</Text>
            <Button size="xs" variant="light" color="red" mt="xs" loading={offered.isFetching} onClick={() => void offered.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        ) : (
          <QueryState query={offered} isEmpty={(list) => list.length === 0} empty={{ title: t('templates.importEmptyTitle'), description: chosen === 'shipped' ? t('templates.importEmpty') : t('templateRepos.empty') }}>
            {(list) => {
              const needle = filter.trim().toLowerCase();
              const shown = needle ? list.filter((entry) => `${entry.id} ${entry.display}`.toLowerCase().includes(needle)) : list;
              const missing = list.filter((entry) => entry.status === 'new');
              return (
                <Stack gap="sm">
                  <Group gap="sm" wrap="nowrap" align="flex-end">
                    <TextInput
                      style={{ flex: 1 }}
                      placeholder={t('templates.importFilter')}
                      aria-label={t('templates.importFilter')}
                      leftSection={<IconSearch size={16} />}
                      value={filter}
                      onChange={(event) => setFilter(event.currentTarget.value)}
                      data-autofocus
                    />
                    <Button
                      leftSection={<IconDownload size={16} />}
                      loading={importingAll}
                      disabled={missing.length === 0}
                      onClick={() => void importAll(missing)}
                      data-testid="import-all"
                    >
                      {t('templates.importAll')}
                    </Button>
                  </Group>
                  <ScrollArea.Autosize mah="55vh">
                    <Table verticalSpacing="xs" data-testid="import-list">
                      <Table.Tbody>
                        {shown.map((entry) => {
                          const mark = marks[entry.status];
                          return (
                            <Table.Tr key={entry.id} data-testid={`import-${entry.id}`} data-status={entry.status}>
                              <Table.Td>
                                <Group gap="xs" wrap="nowrap">
                                  <Stack gap={0}>
                                    <Text size="sm" fw={500}>
                                      {entry.display}
                                    </Text>
                                    <Text ff="monospace" size="xs" c="dimmed">
                                      {entry.id}
                                    </Text>
                                  </Stack>
                                  {mark && (
                                    <Badge size="sm" variant="light" color={mark.color} data-testid={`import-mark-${entry.id}`}>
                                      {t(mark.label)}
                                    </Badge>
                                  )}
                                  {entry.version1 && (
                                    <Tooltip label={t('templateRepos.version1Hint')}>
                                      <Badge size="sm" variant="light" color="gray" data-testid={`import-v1-${entry.id}`}>
                                        {t('templateRepos.version1')}
                                      </Badge>
                                    </Tooltip>
                                  )}
                                </Group>
                              </Table.Td>
                              <Table.Td ta="end">
                                <Button
                                  size="xs"
                                  variant={entry.status === 'installed' ? 'subtle' : 'light'}
                                  leftSection={<IconDownload size={14} />}
                                  loading={pending.has(entry.id)}
                                  disabled={entry.status === 'invalid'}
                                  onClick={() => void run(entry.id, entry.version1 === true)}
                                  data-testid={`import-button-${entry.id}`}
                                >
                                  {entry.version1 ? t('templateRepos.convertImport') : entry.status === 'newer' ? t('templateRepos.update') : t('templates.import')}
                                </Button>
                              </Table.Td>
                            </Table.Tr>
                          );
                        })}
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
        )}
      </Stack>
    </Modal>
  );
}
