import { Anchor, Badge, Button, Modal, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import { localeCodes, localeRegion, locales, type Locale } from '@outpost/shared';
import { usePutUserSetting } from '../../api/userSettings';
import { changeLocale } from '../../i18n';
import { sessionStore } from '../../session/sessionStore';
import { notifyError } from '../notify';

/** Where translators help; the catalogues live in packages/shared/src/i18n. */
export const TRANSLATION_PROJECT_URL = 'https://github.com/outpost-panel/outpost/tree/main/packages/shared/src/i18n';

/** One button per locale, each with its region's letters (in place of a flag emoji) and its own name. */
export function LanguageDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { mutateAsync: save } = usePutUserSetting();

  // Kept on the account too when signed in: the panel writes this user's mails in it.
  const choose = (locale: Locale) => {
    if (sessionStore.isLoggedIn()) save({ key: 'language', value: locale }).catch(notifyError);
    void changeLocale(locale).then(onClose);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('language.title')} size="lg">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        {localeCodes.map((code) => (
          <Button
            key={code}
            variant={i18n.language === code ? 'filled' : 'default'}
            justify="flex-start"
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
            leftSection={
              <Badge variant="light" color="gray" radius="sm" w={34} px={0} ff="monospace" aria-hidden data-testid="locale-region">
                {localeRegion(code)}
              </Badge>
            }
            onClick={() => choose(code)}
            data-locale={code}
          >
            {locales[code]}
          </Button>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="md">
        {t('language.help')}{' '}
        <Anchor href={TRANSLATION_PROJECT_URL} target="_blank" rel="noreferrer">
          {t('language.project')}
        </Anchor>
      </Text>
    </Modal>
  );
}
