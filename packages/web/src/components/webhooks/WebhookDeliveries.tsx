import { Badge, Modal, Table, Text } from '@mantine/core';
import type { Webhook, WebhookDeliveryStatus } from '@outpost/shared';
import { useWebhookDeliveries, type WebhookOwner } from '../../api/webhooks';
import { useFormat } from '../../hooks/useFormat';
import { useTranslation } from '../../translation/useTranslation';
import { eventLabelKey } from '../activity/activitySummary';
import { QueryState } from '../QueryState';

const statusColor: Record<WebhookDeliveryStatus, string> = { pending: 'yellow', delivered: 'teal', failed: 'red' };

/** A hook's delivery log, latest first: each delivery's event, status, receiver's answer and tries. */
export function WebhookDeliveries({ owner, hook, onClose }: { owner: WebhookOwner; hook: Webhook; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const deliveries = useWebhookDeliveries(owner, hook.id);
  return (
    <Modal opened onClose={onClose} size="xl" title={t('webhooks.deliveriesTitle', { url: hook.url })}>
      <QueryState query={deliveries} isEmpty={(data) => data.deliveries.length === 0} empty={{ title: t('webhooks.noDeliveries') }}>
        {({ deliveries: list }) => (
          <Table verticalSpacing="xs" data-testid="webhook-deliveries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('activity.time')}</Table.Th>
                <Table.Th>{t('activity.event')}</Table.Th>
                <Table.Th>{t('webhooks.status')}</Table.Th>
                <Table.Th>{t('webhooks.answer')}</Table.Th>
                <Table.Th>{t('webhooks.attempts')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((delivery) => (
                <Table.Tr key={delivery.id} data-testid="webhook-delivery" data-status={delivery.status}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(Date.parse(delivery.lastAttempt ?? delivery.time))}</Table.Td>
                  <Table.Td>{delivery.event === 'webhook.test' ? t('webhooks.testEvent') : t(eventLabelKey(delivery.event))}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColor[delivery.status]} variant="light">
                      {t(`webhooks.statuses.${delivery.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" data-testid="webhook-delivery-answer">
                      {delivery.answerCode ?? delivery.error ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>{format.number(delivery.attempts)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Modal>
  );
}
