import { useEffect, useRef } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { useUserSettings } from '../api/userSettings';
import { themeChoice } from '../theme/themeChoice';

/** On login (and each page load while logged in), takes the dark and theme choices saved on the account. */
export function useUserSettingsSync(loggedIn: boolean): void {
  const { setColorScheme } = useMantineColorScheme();
  // A failed read is not fatal: the local choices stay in force.
  const { data } = useUserSettings(loggedIn);
  // Each answer is applied once: setColorScheme changes with the scheme, and applying the same
  // answer again would undo the user's own toggle with what the account said at sign-in.
  const applied = useRef<unknown>(undefined);
  useEffect(() => {
    if (!loggedIn || !Array.isArray(data) || applied.current === data) return;
    applied.current = data;
    for (const { key, value } of data) {
      if (key === 'dark' && (value === 'true' || value === 'false')) setColorScheme(value === 'true' ? 'dark' : 'light');
      if (key === 'preferredTheme' && value) themeChoice.set(value);
    }
  }, [loggedIn, data, setColorScheme]);
}
