import { useEffect } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { useUserSettings } from '../api/userSettings';
import { themeChoice } from '../theme/themeChoice';

/** On login (and each page load while logged in), takes the dark and theme choices saved on the account. */
export function useUserSettingsSync(loggedIn: boolean): void {
  const { setColorScheme } = useMantineColorScheme();
  // A failed read is not fatal: the local choices stay in force.
  const { data } = useUserSettings(loggedIn);
  useEffect(() => {
    if (!loggedIn || !Array.isArray(data)) return;
    for (const { key, value } of data) {
      if (key === 'dark' && (value === 'true' || value === 'false')) setColorScheme(value === 'true' ? 'dark' : 'light');
      if (key === 'preferredTheme' && value) themeChoice.set(value);
    }
  }, [loggedIn, data, setColorScheme]);
}
