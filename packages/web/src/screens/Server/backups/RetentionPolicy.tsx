import { useState } from 'react';
import { Button, Group, NumberInput, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { BackupPolicy } from '@outpost/shared';
import { useTranslation } from '../../../translation/useTranslation';
import { useBackupPolicy, useSetBackupPolicy } from '../../../api/backups';
import { notifyError, notifySuccess } from '../../../components/notify';
import { QueryState } from '../../../components/QueryState';
import { useCan } from '../../../hooks/useCan';
import { useFormat } from '../../../hooks/useFormat';

/** The policy's bounds as typed; a cleared field counts as 0 (no bound). */
const whole = (value: number | string) => (typeof value === 'number' ? Math.max(0, Math.floor(value)) : 0);

/** The retention in words (how many, how long, locked ones kept), changed in place by those who may. */
export function RetentionPolicy({ serverId }: { serverId: string }) {
  const { t } = useTranslation();
  const policy = useBackupPolicy(serverId);
  const save = useSetBackupPolicy(serverId);
  const canEdit = useCan('backupPolicyEdit');
  const format = useFormat();
  const [draft, setDraft] = useState<{ limit: number | string; keepDays: number | string }>();

  const submit = () => {
    if (!draft) return;
    const next: BackupPolicy = { limit: whole(draft.limit), keepDays: whole(draft.keepDays) };
    save.mutate(next, {
      onSuccess: () => {
        notifySuccess(t('backups.retention.saved'));
        setDraft(undefined);
      },
      onError: notifyError,
    });
  };

  return (
    <QueryState query={policy} skeletonRows={1}>
      {({ limit, keepDays }) =>
        draft ? (
          <Group align="flex-end" gap="sm" data-testid="backup-policy-form">
            <NumberInput label={t('backups.retention.limit')} description={t('backups.retention.noBound')} min={0} max={1000} allowDecimal={false} allowNegative={false} value={draft.limit} onChange={(value) => setDraft({ ...draft, limit: value })} w={200} />
            <NumberInput label={t('backups.retention.keepDays')} description={t('backups.retention.noBound')} min={0} max={36_500} allowDecimal={false} allowNegative={false} value={draft.keepDays} onChange={(value) => setDraft({ ...draft, keepDays: value })} w={200} />
            <Button variant="default" onClick={() => setDraft(undefined)}>
              {t('common.cancel')}
            </Button>
            <Button loading={save.isPending} onClick={submit} data-testid="backup-policy-save">
              {t('common.save')}
            </Button>
          </Group>
        ) : (
          <Group gap="xs" wrap="wrap" data-testid="backup-policy">
            <Text size="sm" c="dimmed">
              {[
                limit > 0 ? t('backups.retention.keepCount', { count: limit, limit: format.number(limit) }) : t('backups.retention.anyCount'),
                keepDays > 0 ? t('backups.retention.keepFor', { count: keepDays, days: format.number(keepDays) }) : t('backups.retention.anyAge'),
                t('backups.retention.lockedKept'),
              ].join(' ')}
            </Text>
            {canEdit && (
              <Button size="compact-xs" variant="subtle" leftSection={<IconPencil size={12} />} onClick={() => setDraft({ limit, keepDays })} data-testid="backup-policy-edit">
                {t('backups.retention.edit')}
              </Button>
            )}
          </Group>
        )
      }
    </QueryState>
  );
}
