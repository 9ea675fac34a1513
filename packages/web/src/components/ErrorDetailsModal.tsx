import { Code, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../translation/useTranslation';
import { ApiError } from '../api/ApiError';
import { errorMessage, statusDetail } from '../api/errorMessage';
import { errorDetailsStore, useErrorDetails } from './errorDetailsStore';

function pretty(value: unknown): string {
  if (value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

/** The error-details overlay: what was asked and answered (passwords already masked by the client). */
export function ErrorDetailsModal() {
  const { t } = useTranslation();
  const error = useErrorDetails();
  const report = error instanceof ApiError ? error.report : undefined;

  return (
    <Modal opened={error !== null} onClose={errorDetailsStore.close} title={t('errorDetails.title')} size="lg">
      {error && (
        <Stack gap="sm">
          <Text fw={500}>{errorMessage(t, error)}</Text>
          {report ? (
            <>
              <Text size="sm" c="dimmed">
                {statusDetail(t, report.status)}
              </Text>
              <Text size="sm" fw={500}>{t('errorDetails.request')}</Text>
              <Code block>{`${report.method} ${report.url}\n${pretty(report.requestBody)}`}</Code>
              <Text size="sm" fw={500}>{t('errorDetails.response')}</Text>
              <Code block>{`${report.status} ${report.statusText}\n${pretty(report.responseBody)}`}</Code>
            </>
          ) : (
            <Code block>{error.stack ?? error.message}</Code>
          )}
        </Stack>
      )}
    </Modal>
  );
}
