import { useState, type FormEvent } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import { ApiError } from '../../api/ApiError';
import { errorMessage } from '../../api/errorMessage';
import { useAddTemplateRepository, useRemoveTemplateRepository, useTemplateRepositories } from '../../api/templateRepos';
import { notifyError, notifySuccess } from '../../components/notify';
import { QueryState } from '../../components/QueryState';

/** The template repositories import offers: the shipped one, and any added by URL (settings.edit). */
export function TemplateReposCard() {
  const { t } = useTranslation();
  const repositories = useTemplateRepositories();
  const add = useAddTemplateRepository();
  const remove = useRemoveTemplateRepository();
  const [url, setUrl] = useState('');
  // A URL the panel refused is said beside the field; anything else (a lost connection) in a toast.
  const [urlError, setUrlError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(url.trim(), {
      onSuccess: () => {
        setUrl('');
        notifySuccess(t('templateRepos.added'));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.metadata.field === 'url') setUrlError(errorMessage(t, error));
        else notifyError(error);
      },
    });
  };

  return (
    <Paper withBorder radius="md" p="lg" data-testid="template-repositories">
      <Title order={4}>{t('templateRepos.title')}</Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('templateRepos.description')}
      </Text>
      <Stack gap="md">
        <QueryState query={repositories} skeletonRows={2}>
          {(list) => (
            <Table verticalSpacing="xs">
              <Table.Tbody>
                {list.map((repository) => (
                  <Table.Tr key={repository.id} data-testid={`template-repository-${repository.id}`}>
                    <Table.Td>
                      {repository.shipped ? (
                        <Group gap="xs">
                          <Text size="sm">{t('templateRepos.shipped')}</Text>
                          <Badge size="sm" variant="light">
                            {t('templateRepos.builtIn')}
                          </Badge>
                        </Group>
                      ) : (
                        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                          {repository.url}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="end" w={60}>
                      {!repository.shipped && (
                        <Tooltip label={t('templateRepos.remove')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('templateRepos.remove')}
                            loading={remove.isPending && remove.variables === repository.id}
                            onClick={() => remove.mutate(repository.id, { onSuccess: () => notifySuccess(t('templateRepos.removed')), onError: notifyError })}
                            data-testid={`remove-template-repository-${repository.id}`}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </QueryState>
        <form onSubmit={submit}>
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('templateRepos.url')}
              placeholder="https://example.com/outpost-templates"
              value={url}
              onChange={(event) => {
                setUrl(event.currentTarget.value);
                setUrlError(null);
              }}
              error={urlError}
              data-testid="template-repository-url"
            />
            <Button type="submit" variant="light" leftSection={<IconPlus size={16} />} loading={add.isPending} disabled={url.trim() === ''} data-testid="add-template-repository" mt={25}>
              {t('templateRepos.add')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t('templateRepos.urlHint')}
          </Text>
        </form>
      </Stack>
    </Paper>
  );
}
