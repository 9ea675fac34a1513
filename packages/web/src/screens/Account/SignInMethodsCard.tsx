import { Button, Group, Stack, Text } from '@mantine/core';
import { useSignInMethods, useUnlinkOidc } from '../../api/oidc';
import { notifyError } from '../../components/notify';
import { OidcIcon } from '../../components/oidc/OidcIcon';
import { QueryState } from '../../components/QueryState';
import { useTranslation } from '../../translation/useTranslation';
import { AccountCard } from './AccountCard';

/** The account's ways in: its password (set or not) and the single sign-on providers linked to it, each with Unlink. */
export function SignInMethodsCard() {
  const { t } = useTranslation();
  const methods = useSignInMethods();
  const unlink = useUnlinkOidc();
  return (
    <AccountCard title={t('oidc.methodsTitle')} description={t('oidc.methodsDescription')} testId="account-sign-in-methods">
      <QueryState query={methods} skeletonRows={2}>
        {(answer) => (
          <Stack gap="sm">
            <Text size="sm">{answer.passwordSet ? t('oidc.passwordSet') : t('oidc.passwordNotSet')}</Text>
            {answer.links.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('oidc.noLinks')}
              </Text>
            )}
            {answer.links.map((link) => (
              <Group key={link.provider} justify="space-between" wrap="nowrap" data-testid={`oidc-link-${link.provider}`}>
                <Group gap="xs" wrap="nowrap">
                  <OidcIcon icon={link.icon} />
                  <div>
                    <Text size="sm" fw={500}>
                      {link.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('oidc.linkedAs', { email: link.email })}
                    </Text>
                  </div>
                </Group>
                <Button size="xs" variant="default" color="red" loading={unlink.isPending && unlink.variables === link.provider} onClick={() => unlink.mutate(link.provider, { onError: notifyError })}>
                  {t('oidc.unlink')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </QueryState>
    </AccountCard>
  );
}
