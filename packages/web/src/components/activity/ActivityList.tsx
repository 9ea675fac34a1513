import { useState } from 'react';
import { Anchor, Badge, Group, Pagination, Paper, Select, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'wouter';
import { ACTIVITY_EVENTS, type ActivityEntry } from '@outpost/shared';
import { ACTIVITY_PAGE_SIZE, useActivity, type ActivitySource } from '../../api/activity';
import { useFormat } from '../../hooks/useFormat';
import { useTranslation } from '../../translation/useTranslation';
import { QueryState } from '../QueryState';
import { activitySummary, eventLabelKey } from './activitySummary';

interface ActivityListProps {
  source: ActivitySource;
  /** The admin screen: filters by server and user, and a column linking each entry's server. */
  panelWide?: boolean;
}

/** The event groups a filter may pick besides single events: every `server.file.*`, and so on. */
const eventGroups = [...new Set(ACTIVITY_EVENTS.filter((event) => event.split('.').length > 2).map((event) => event.split('.').slice(0, 2).join('.')))].filter(
  (group) => !(ACTIVITY_EVENTS as readonly string[]).includes(group),
);

/**
 * One activity log, newest first, a page at a time (issue 31): filterable by event and actor (and
 * on the admin screen by server and user), times in the user's language and the browser's time zone.
 */
export function ActivityList({ source, panelWide = false }: ActivityListProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const [event, setEvent] = useState<string | null>(null);
  const [actor, setActor] = useState('');
  const [server, setServer] = useState('');
  const [user, setUser] = useState('');
  const [typed] = useDebouncedValue({ actor, server, user }, 300);
  const userId = Number(typed.user);
  // A server's own list needs no column naming it.
  const showServer = source.kind !== 'server';
  const activity = useActivity(source, {
    page,
    event: event ?? undefined,
    actor: source.kind === 'self' ? undefined : typed.actor,
    server: panelWide && /^[0-9a-f]{8}$/.test(typed.server) ? typed.server : undefined,
    user: panelWide && Number.isInteger(userId) && userId > 0 ? userId : undefined,
  });
  // Any change of filter starts again from the first page.
  const filtered = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  const eventOptions = [
    { group: t('activity.eventGroups'), items: eventGroups.map((group) => ({ value: group, label: t('activity.everyOf', { group }) })) },
    { group: t('activity.eventSingle'), items: ACTIVITY_EVENTS.map((name) => ({ value: name, label: t(eventLabelKey(name)) })) },
  ];

  const actorCell = (entry: ActivityEntry) => {
    const name = entry.actor.type === 'user' || entry.actor.type === 'client' ? entry.actor.name : `${t(`activity.actorTypes.${entry.actor.type}`)}${entry.actor.type === 'task' ? `: ${entry.actor.name}` : ''}`;
    if (panelWide && entry.actor.type === 'user' && entry.actor.id)
      return (
        <Anchor component={Link} to={`/user/${entry.actor.id}`} size="sm" data-testid="activity-actor">
          {name}
        </Anchor>
      );
    if (source.kind !== 'self' && entry.actor.id)
      return (
        <UnstyledButton fz="sm" c="blue" title={t('activity.filterByActor')} onClick={() => filtered(setActor)(entry.actor.id ?? '')} data-testid="activity-actor">
          {name}
        </UnstyledButton>
      );
    return (
      <Text size="sm" data-testid="activity-actor">
        {name}
      </Text>
    );
  };

  return (
    <>
      <Group mb="md" gap="sm" align="flex-end" data-testid="activity-filters">
        <Select
          label={t('activity.event')}
          placeholder={t('activity.anyEvent')}
          data={eventOptions}
          value={event}
          onChange={filtered(setEvent)}
          searchable
          clearable
          w={260}
          data-testid="activity-event-filter"
        />
        {source.kind !== 'self' && (
          <TextInput label={t('activity.actor')} description={t('activity.actorHint')} value={actor} onChange={(e) => filtered(setActor)(e.currentTarget.value)} w={180} data-testid="activity-actor-filter" />
        )}
        {panelWide && (
          <>
            <TextInput label={t('activity.server')} placeholder="0123abcd" value={server} onChange={(e) => filtered(setServer)(e.currentTarget.value.trim())} w={160} data-testid="activity-server-filter" />
            <TextInput label={t('activity.user')} placeholder="1" value={user} onChange={(e) => filtered(setUser)(e.currentTarget.value.trim())} w={120} data-testid="activity-user-filter" />
          </>
        )}
      </Group>
      <QueryState query={activity} skeletonRows={5} isEmpty={(data) => data.activity.length === 0} empty={{ title: t('activity.empty') }}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.paging.total / (data.paging.limit || ACTIVITY_PAGE_SIZE)));
          return (
            <>
              <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
                <Table verticalSpacing="xs" data-testid="activity-list">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('activity.time')}</Table.Th>
                      <Table.Th>{t('activity.event')}</Table.Th>
                      <Table.Th>{t('activity.actor')}</Table.Th>
                      {showServer && <Table.Th>{t('activity.server')}</Table.Th>}
                      <Table.Th>{t('activity.details')}</Table.Th>
                      <Table.Th>{t('activity.ip')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.activity.map((entry) => (
                      <Table.Tr key={entry.id} data-testid="activity-row" data-event={entry.event}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <Text size="sm" title={entry.time}>
                            {format.dateTime(Date.parse(entry.time))}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={entry.event.endsWith('failed') || entry.event.endsWith('crashed') || entry.event.endsWith('refused') ? 'red' : 'blue'} style={{ textTransform: 'none' }}>
                            {t(eventLabelKey(entry.event))}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{actorCell(entry)}</Table.Td>
                        {showServer && (
                          <Table.Td>
                            {entry.server && (
                              <Anchor component={Link} to={`/server/${entry.server}`} ff="monospace" size="sm" data-testid="activity-server">
                                {entry.server}
                              </Anchor>
                            )}
                          </Table.Td>
                        )}
                        <Table.Td>
                          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                            {activitySummary(entry)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c="dimmed" ff="monospace">
                            {entry.ip ?? ''}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Paper>
              {pages > 1 && (
                <Group justify="center" mt="md">
                  <Pagination total={pages} value={page} onChange={setPage} data-testid="activity-pages" />
                </Group>
              )}
            </>
          );
        }}
      </QueryState>
    </>
  );
}
