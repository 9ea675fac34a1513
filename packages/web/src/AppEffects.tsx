import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSessionRenewal } from './hooks/useSessionRenewal';
import { useUserSettingsSync } from './hooks/useUserSettingsSync';
import { useScopes } from './session/sessionStore';
import { AppliedTheme } from './theme/AppliedTheme';

/**
 * Work that runs for the whole app through the query cache: the theme, and while a session is
 * held its renewal and the account's saved choices. Loaded beside the first screen, not before it.
 */
export default function AppEffects() {
  const loggedIn = useScopes() !== null;
  const client = useQueryClient();
  useSessionRenewal(loggedIn);
  useUserSettingsSync(loggedIn);
  useEffect(() => {
    if (!loggedIn) client.removeQueries({ queryKey: ['self'] });
  }, [client, loggedIn]);
  return <AppliedTheme />;
}
