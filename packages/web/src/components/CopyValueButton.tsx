import { ActionIcon, Badge, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from '../translation/useTranslation';

/** Spec section 9: the "copied" chip stays 6000 ms. */
const COPIED_MS = 6000;

/** The copy button of a shown value: an icon, then a "copied" chip for a while. */
export function CopyValueButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value} timeout={COPIED_MS}>
      {({ copied, copy }) =>
        copied ? (
          <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />}>
            {t('common.copied')}
          </Badge>
        ) : (
          <Tooltip label={t('common.copy')}>
            <ActionIcon variant="subtle" onClick={copy} aria-label={`${t('common.copy')} ${label}`} data-testid={testId}>
              <IconCopy size={16} />
            </ActionIcon>
          </Tooltip>
        )
      }
    </CopyButton>
  );
}
