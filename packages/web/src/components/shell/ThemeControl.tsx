import { ActionIcon, Menu, Radio, Stack, Switch, Tooltip } from '@mantine/core';
import { IconMoon, IconPalette, IconSun } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import { useConfig } from '../../api/config';
import { usePreferences } from '../../hooks/usePreferences';

/**
 * A plain dark-mode toggle, or, when the panel offers more than one theme, a menu with the
 * dark switch and a radio list of themes (spec section 2, Shell).
 */
export function ThemeControl() {
  const { t } = useTranslation();
  const config = useConfig();
  const { dark, setDark, theme, setTheme } = usePreferences();
  const available = config.data?.themes.available ?? [];
  const active = theme ?? config.data?.themes.active;

  if (available.length <= 1) {
    const label = dark ? t('shell.lightMode') : t('shell.darkMode');
    return (
      <Tooltip label={label}>
        <ActionIcon variant="default" size="lg" aria-label={label} data-testid="dark-toggle" onClick={() => setDark(!dark)}>
          {dark ? <IconSun size={18} /> : <IconMoon size={18} />}
        </ActionIcon>
      </Tooltip>
    );
  }

  return (
    <Menu position="bottom-end" closeOnItemClick={false} width={220}>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={t('shell.theme')} data-testid="theme-menu">
          <IconPalette size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown p="sm">
        <Stack gap="sm">
          <Switch
            label={t('shell.darkMode')}
            checked={dark}
            onChange={(event) => setDark(event.currentTarget.checked)}
            data-testid="dark-toggle"
          />
          <Menu.Divider />
          <Radio.Group label={t('shell.theme')} value={active ?? ''} onChange={setTheme}>
            <Stack gap={6} mt={6}>
              {available.map((name) => (
                <Radio key={name} value={name} label={name} />
              ))}
            </Stack>
          </Radio.Group>
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}
