import type { ReactNode } from 'react';
import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '../translation/useTranslation';
import { errorMessage } from '../api/errorMessage';
import { errorDetailsStore } from './errorDetailsStore';
import { DelayedMount } from './DelayedMount';
import { EmptyState } from './EmptyState';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** When true for the data, the empty state is shown instead of the children. */
  isEmpty?: (data: T) => boolean;
  empty?: { title: string; description?: string; action?: ReactNode };
  skeletonRows?: number;
}

/**
 * The one way a screen shows a query: a skeleton after a short delay, the error's message with
 * Retry and Details, an empty state, or the data.
 */
export function QueryState<T>({ query, children, isEmpty, empty, skeletonRows = 3 }: QueryStateProps<T>) {
  const { t } = useTranslation();

  if (query.isPending) {
    return (
      <DelayedMount>
        <Stack gap="sm" data-testid="loading">
          {Array.from({ length: skeletonRows }, (_, i) => (
            <Skeleton key={i} height={36} radius="sm" />
          ))}
        </Stack>
      </DelayedMount>
    );
  }

  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={errorMessage(t, query.error)}>
        <Group gap="xs" mt="xs">
          <Button size="xs" variant="light" color="red" loading={query.isFetching} onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => errorDetailsStore.open(query.error)}>
            {t('toast.details')}
          </Button>
        </Group>
      </Alert>
    );
  }

  if (empty && isEmpty?.(query.data)) return <EmptyState {...empty} />;
  return <>{children(query.data)}</>;
}
