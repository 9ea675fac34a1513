import { useState } from 'react';
import { Button, Group, Paper, Text, Title } from '@mantine/core';
import type { ServerDefinition, ServerLimits } from '@outpost/shared';
import { useTranslation } from '../../../translation/useTranslation';
import { useSaveLimits } from '../../../api/serverDefinition';
import { notifyError, notifySuccess } from '../../../components/notify';
import { LimitsFields } from '../../../components/limits/LimitsFields';
import { limitsSet, sameLimits } from '../../../components/limits/limitsForm';

/** The server's limits as the definition holds them, edited in place (servers.edit.admin); the node applies them on the next start. */
export function LimitsCard({ serverId, definition }: { serverId: string; definition: ServerDefinition }) {
  const { t } = useTranslation();
  const saved = limitsSet(definition.limits);
  const [draft, setDraft] = useState<ServerLimits>(saved);
  const save = useSaveLimits(serverId);

  return (
    <Paper withBorder radius="md" p="lg" data-testid="server-limits">
      <Title order={4}>{t('limits.title')}</Title>
      <Text c="dimmed" size="sm" mt={4} mb="md">
        {t('limits.description')}
      </Text>
      <LimitsFields value={draft} onChange={setDraft} disabled={save.isPending} />
      <Group justify="flex-end" mt="md">
        <Button
          disabled={sameLimits(draft, saved)}
          loading={save.isPending}
          onClick={() => save.mutate(draft, { onSuccess: () => notifySuccess(t('limits.saved')), onError: notifyError })}
          data-testid="save-limits"
        >
          {t('limits.save')}
        </Button>
      </Group>
    </Paper>
  );
}
