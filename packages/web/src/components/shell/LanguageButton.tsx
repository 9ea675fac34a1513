import { ActionIcon, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import { LanguageDialog } from './LanguageDialog';

export function LanguageButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Tooltip label={t('language.title')}>
        <ActionIcon variant="default" size="lg" aria-label={t('language.title')} data-testid="language-button" onClick={open}>
          <IconLanguage size={18} />
        </ActionIcon>
      </Tooltip>
      <LanguageDialog opened={opened} onClose={close} />
    </>
  );
}
