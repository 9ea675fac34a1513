import { useEffect } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { getUserSettings } from '../api/userSettings';
import { themeChoice } from '../theme/themeChoice';

/** On login (and each page load while logged in), takes the dark and theme choices saved on the account. */
export function useUserSettingsSync(loggedIn: boolean): void {
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (!loggedIn) return;
    let cancelled = false;
    getUserSettings()
      .then((settings) => {
        if (cancelled || !Array.isArray(settings)) return;
        for (const { key, value } of settings) {
          if (key === 'dark' && (value === 'true' || value === 'false')) setColorScheme(value === 'true' ? 'dark' : 'light');
          if (key === 'preferredTheme' && value) themeChoice.set(value);
        }
      })
      // Not fatal: the local choices stay in force.
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [loggedIn, setColorScheme]);
}
