import { useState } from 'react';
import { Button, Group, Pagination, Paper, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import { Link } from 'wouter';
import { Scopes } from '@outpost/shared';
import { USER_PAGE_SIZE, useUsers } from '../../api/users';
import { LinkRow } from '../../components/LinkRow';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCan } from '../../hooks/useCan';

/** The panel's accounts, ten to a page, searched by username or email (spec panel.md sections 2 and 7). */
export default function UsersScreen() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const users = useUsers(page, debounced);
  const canEdit = useCan(Scopes.UsersEdit);
  const addButton = canEdit ? (
    <Button component={Link} to="/adduser" leftSection={<IconUserPlus size={16} />}>
      {t('users.add')}
    </Button>
  ) : null;

  return (
    <>
      <ScreenHeader title={t('screens.users')} actions={addButton} />
      <TextInput
        mb="md"
        leftSection={<IconSearch size={16} />}
        placeholder={t('users.searchPlaceholder')}
        aria-label={t('users.search')}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        data-testid="user-search"
      />
      <QueryState
        query={users}
        skeletonRows={5}
        isEmpty={(data) => data.users.length === 0}
        empty={{ title: t('users.emptyTitle'), description: debounced.trim() ? t('users.emptySearch') : undefined }}
      >
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.paging.total / (data.paging.limit || USER_PAGE_SIZE)));
          return (
            <>
              <Paper withBorder radius="md">
                <Table highlightOnHover verticalSpacing="sm" data-testid="user-list">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('users.id')}</Table.Th>
                      <Table.Th>{t('fields.username')}</Table.Th>
                      <Table.Th>{t('fields.email')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.users.map((user) => (
                      <LinkRow key={user.id} to={`/user/${user.id}`}>
                        <Table.Td>
                          <Text ff="monospace" size="sm" c="dimmed">
                            {user.id}
                          </Text>
                        </Table.Td>
                        <Table.Td fw={500}>{user.username}</Table.Td>
                        <Table.Td>{user.email}</Table.Td>
                      </LinkRow>
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>
              {pages > 1 && (
                <Group justify="center" mt="md">
                  <Pagination total={pages} value={page} onChange={setPage} />
                </Group>
              )}
            </>
          );
        }}
      </QueryState>
    </>
  );
}
