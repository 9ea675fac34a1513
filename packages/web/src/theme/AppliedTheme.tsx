import { useEffect } from 'react';
import { useConfig } from '../api/config';
import { useTheme } from '../api/theme';
import { themeStylesheet } from './themeStylesheet';
import { useThemeChoice } from './themeChoice';

const STYLE_ID = 'outpost-theme';

/**
 * Applies the user's theme, or the panel's default for users without a choice (spec sections 2
 * and 3): its archive's stylesheet goes into one <style> element, its name onto <html data-theme>.
 * A choice that no longer ships falls back to the default.
 */
export function AppliedTheme() {
  const config = useConfig();
  const chosen = useThemeChoice();
  const available = config.data?.themes.available ?? [];
  const name = chosen && available.includes(chosen) ? chosen : config.data?.themes.active;
  const { data: files } = useTheme(name);

  useEffect(() => {
    if (!name || !files) return;
    const sheet = themeStylesheet(files);
    if (sheet === undefined) return;
    let style = document.getElementById(STYLE_ID);
    if (!style) {
      style = document.createElement('style');
      style.id = STYLE_ID;
      document.head.append(style);
    }
    style.textContent = sheet;
    document.documentElement.dataset.theme = name;
  }, [name, files]);

  return null;
}
