import { useState } from 'react';
import { Badge, Button, Group, Menu, ActionIcon, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import type { Webhook } from '@outpost/shared';
import { useDeleteWebhook, useTestWebhook, useWebhooks, type WebhookOwner } from '../../api/webhooks';
import { useTranslation } from '../../translation/useTranslation';
import { RemoveDialog } from '../RemoveDialog';
import { notifyError, notifySuccess } from '../notify';
import { QueryState } from '../QueryState';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookDialog } from './WebhookDialog';

/**
 * Webhooks (issue 31): a server's own (its Settings tab, for editServerData holders) or the
 * panel's (the Settings screen, for admins). Each hook: edit, send a test, its deliveries, delete.
 */
export function WebhooksCard({ owner }: { owner: WebhookOwner }) {
  const { t } = useTranslation();
  const hooks = useWebhooks(owner);
  const remove = useDeleteWebhook(owner);
  const test = useTestWebhook(owner);
  const [editing, setEditing] = useState<Webhook | 'new'>();
  const [viewing, setViewing] = useState<Webhook>();
  const [deleting, setDeleting] = useState<Webhook>();

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="webhook-add">
      {t('webhooks.add')}
    </Button>
  );
  const sendTest = (hook: Webhook) =>
    test.mutate(hook.id, {
      onSuccess: () => {
        notifySuccess(t('webhooks.testQueued'));
        setViewing(hook);
      },
      onError: notifyError,
    });

  return (
    <Paper withBorder radius="md" p="lg" data-testid="webhooks">
      <Group justify="space-between" mb="xs">
        <div>
          <Title order={4}>{t('webhooks.title')}</Title>
          <Text size="sm" c="dimmed">
            {owner.server ? t('webhooks.serverDescription') : t('webhooks.panelDescription')}
          </Text>
        </div>
        {addButton}
      </Group>
      <QueryState query={hooks} isEmpty={(list) => list.length === 0} empty={{ title: t('webhooks.none'), description: t('webhooks.noneHint') }}>
        {(list) => (
          <Stack gap="xs" mt="md">
            {list.map((hook) => (
              <Paper key={hook.id} withBorder radius="sm" p="sm" data-testid="webhook-row" data-url={hook.url}>
                <Group justify="space-between" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Text ff="monospace" size="sm" truncate="end">
                      {hook.url}
                    </Text>
                    <Group gap={6} mt={4}>
                      <Badge variant="light">{t(`webhooks.formats.${hook.format}`)}</Badge>
                      <Badge variant="light" color={hook.enabled ? 'teal' : 'gray'}>
                        {hook.enabled ? t('webhooks.on') : t('webhooks.off')}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {t('webhooks.eventCount', { count: hook.events.length })}
                      </Text>
                    </Group>
                  </div>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" variant="light" loading={test.isPending && test.variables === hook.id} onClick={() => sendTest(hook)} data-testid="webhook-test">
                      {t('webhooks.sendTest')}
                    </Button>
                    <Menu position="bottom-end">
                      <Menu.Target>
                        <ActionIcon variant="subtle" aria-label={t('webhooks.actions')} data-testid="webhook-menu">
                          <IconDots size={16} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => setEditing(hook)}>{t('webhooks.edit')}</Menu.Item>
                        <Menu.Item onClick={() => setViewing(hook)}>{t('webhooks.deliveries')}</Menu.Item>
                        <Menu.Item color="red" onClick={() => setDeleting(hook)}>
                          {t('webhooks.delete')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </QueryState>
      {editing && <WebhookDialog owner={owner} hook={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
      {viewing && <WebhookDeliveries owner={owner} hook={viewing} onClose={() => setViewing(undefined)} />}
      <RemoveDialog
        item={deleting}
        idOf={(hook) => hook.id}
        remove={remove}
        title={t('webhooks.deleteTitle')}
        message={t('webhooks.deleteMessage', { url: deleting?.url ?? '' })}
        confirmLabel={t('webhooks.delete')}
        removed={t('webhooks.deleted')}
        onClose={() => setDeleting(undefined)}
        testId="confirm-delete-webhook"
      />
    </Paper>
  );
}
