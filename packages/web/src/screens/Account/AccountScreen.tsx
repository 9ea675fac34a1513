import { Box, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import { useSelf } from '../../api/self';
import { ActivityList } from '../../components/activity/ActivityList';
import { OAuthClients } from '../../components/oauth2/OAuthClients';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { AccountCard } from './AccountCard';
import { ChangeIdentityCard } from './ChangeIdentityCard';
import { ChangePasswordCard } from './ChangePasswordCard';
import { NotificationsCard } from './NotificationsCard';
import { SignInMethodsCard } from './SignInMethodsCard';
import { PasskeysCard } from './PasskeysCard';
import { SshKeysCard } from './SshKeysCard';
import { TwoFactorCard } from './TwoFactorCard';

export default function AccountScreen() {
  const { t } = useTranslation();
  const self = useSelf();
  return (
    <>
      <ScreenHeader title={t('screens.account')} description={self.data ? t('account.signedInAs', { username: self.data.username, email: self.data.email }) : undefined} />
      <QueryState query={self} skeletonRows={6}>
        {(me) => (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <Stack gap="lg">
              {/* Keyed by the saved value, so the form restarts from it after a change. */}
              <ChangeIdentityCard key={`u-${me.username}`} field="username" current={me.username} />
              <ChangeIdentityCard key={`e-${me.email}`} field="email" current={me.email} />
              <NotificationsCard />
              <SshKeysCard />
            </Stack>
            <Stack gap="lg">
              <ChangePasswordCard />
              <TwoFactorCard />
              <SignInMethodsCard />
              <PasskeysCard />
              <AccountCard title={t('account.oauth2.title')} description={t('account.oauth2.description')} testId="account-oauth2">
                <OAuthClients />
              </AccountCard>
            </Stack>
          </SimpleGrid>
        )}
      </QueryState>
      <Box mt="lg">
        <AccountCard title={t('account.activity.title')} description={t('account.activity.description')} testId="account-activity">
          <ActivityList source={{ kind: 'self' }} />
        </AccountCard>
      </Box>
    </>
  );
}
