import { useState } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { ACTIVITY_EVENTS, SERVER_WEBHOOK_EVENTS, type CreatedWebhook, type Webhook, type WebhookFormat } from '@outpost/shared';
import { errorMessage } from '../../api/errorMessage';
import { isExpectedError } from '../../api/fieldError';
import { useSaveWebhook, type WebhookOwner } from '../../api/webhooks';
import { useTranslation } from '../../translation/useTranslation';
import { eventLabelKey } from '../activity/activitySummary';
import { CopyRow } from '../CopyRow';
import { SecretShownOnce } from '../SecretShownOnce';
import { notifyError, notifySuccess } from '../notify';

interface WebhookDialogProps {
  owner: WebhookOwner;
  /** The hook to edit; undefined makes a new one. */
  hook?: Webhook;
  onClose: () => void;
}

/**
 * A hook's URL, events, format and switch. A new hook's secret is shown once, after saving, with a
 * copy button: it lives only in this dialog's state, and closing it forgets it for good.
 */
export function WebhookDialog({ owner, hook, onClose }: WebhookDialogProps) {
  const { t } = useTranslation();
  const save = useSaveWebhook(owner);
  const [url, setUrl] = useState(hook?.url ?? '');
  const [events, setEvents] = useState<string[]>(hook?.events ?? []);
  const [format, setFormat] = useState<WebhookFormat>(hook?.format ?? 'json');
  const [enabled, setEnabled] = useState(hook?.enabled ?? true);
  const [refused, setRefused] = useState<string>();
  const [created, setCreated] = useState<CreatedWebhook>();
  // A server's hook hears only about that server.
  const choices = owner.server ? SERVER_WEBHOOK_EVENTS : ACTIVITY_EVENTS;

  const submit = () => {
    setRefused(undefined);
    save.mutate(
      { id: hook?.id, hook: { url: url.trim(), events: events as Webhook['events'], format, enabled } },
      {
        onSuccess: (answer) => {
          if (answer) setCreated(answer);
          else {
            notifySuccess(t('webhooks.saved'));
            onClose();
          }
        },
        // The panel's refusals (a private address, no event chosen) belong beside the form.
        onError: (error) => (isExpectedError(error) ? setRefused(errorMessage(t, error)) : notifyError(error)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} size="lg" title={created ? t('webhooks.createdTitle') : hook ? t('webhooks.editTitle') : t('webhooks.createTitle')}>
      {created ? (
        <SecretShownOnce warning={t('webhooks.secretOnce')} doneLabel={t('webhooks.done')} onDone={onClose} testId="webhook-secret">
          <CopyRow label={t('webhooks.secret')} value={created.secret} testId="webhook-secret-value" />
        </SecretShownOnce>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <TextInput label={t('webhooks.url')} placeholder="https://example.com/hooks/outpost" value={url} onChange={(e) => setUrl(e.currentTarget.value)} required data-autofocus data-testid="webhook-url" />
            <MultiSelect
              label={t('webhooks.events')}
              description={t('webhooks.eventsHint')}
              data={choices.map((name) => ({ value: name, label: t(eventLabelKey(name)) }))}
              value={events}
              onChange={setEvents}
              searchable
              clearable
              required
              data-testid="webhook-events"
            />
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t('webhooks.format')}
              </Text>
              <SegmentedControl
                value={format}
                onChange={(value) => setFormat(value as WebhookFormat)}
                data={[
                  { value: 'json', label: t('webhooks.formats.json') },
                  { value: 'discord', label: t('webhooks.formats.discord') },
                ]}
                data-testid="webhook-format"
              />
            </div>
            <Switch label={t('webhooks.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} data-testid="webhook-enabled" />
            {refused && (
              <Alert color="red" data-testid="webhook-refused">
                {refused}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} disabled={events.length === 0 || url.trim() === ''} data-testid="webhook-save">
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
