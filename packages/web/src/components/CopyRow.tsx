import { ActionIcon, Badge, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec section 9: the "copied" chip stays 6000 ms. */
const COPIED_MS = 6000;

/** A labelled value in monospace with a copy button. */
export function CopyRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid={testId}>
          {value}
        </Text>
      </div>
      <CopyButton value={value} timeout={COPIED_MS}>
        {({ copied, copy }) =>
          copied ? (
            <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />}>
              {t('common.copied')}
            </Badge>
          ) : (
            <Tooltip label={t('common.copy')}>
              <ActionIcon variant="subtle" onClick={copy} aria-label={`${t('common.copy')} ${label}`}>
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
          )
        }
      </CopyButton>
    </Group>
  );
}
