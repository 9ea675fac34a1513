import { ActionIcon, Badge, Box, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec section 9: the "copied" chip stays 6000 ms, as CopyRow's does. */
const COPIED_MS = 6000;

/** A labelled block of text to paste elsewhere (a file, a shell), with a copy button. */
export function CopyBlock({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <CopyButton value={value} timeout={COPIED_MS}>
          {({ copied, copy }) =>
            copied ? (
              <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />}>
                {t('common.copied')}
              </Badge>
            ) : (
              <Tooltip label={t('common.copy')}>
                <ActionIcon variant="subtle" onClick={copy} aria-label={`${t('common.copy')} ${label}`} data-testid={testId && `${testId}-copy`}>
                  <IconCopy size={16} />
                </ActionIcon>
              </Tooltip>
            )
          }
        </CopyButton>
      </Group>
      <Code block data-testid={testId} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {value}
      </Code>
    </Box>
  );
}
