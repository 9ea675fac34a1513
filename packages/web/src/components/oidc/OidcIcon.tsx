import { IconBrandDiscord, IconBrandGithub, IconBrandGitlab, IconBrandGoogle, IconBrandWindows, IconKey, IconShieldLock } from '@tabler/icons-react';
import type { OidcIcon as OidcIconName } from '@outpost/shared';

const icons = {
  none: IconKey,
  authentik: IconShieldLock,
  keycloak: IconShieldLock,
  google: IconBrandGoogle,
  github: IconBrandGithub,
  gitlab: IconBrandGitlab,
  microsoft: IconBrandWindows,
  discord: IconBrandDiscord,
} satisfies Record<OidcIconName, unknown>;

/** A provider's button icon, from the fixed set admins choose from. */
export function OidcIcon({ icon, size = 18 }: { icon: OidcIconName; size?: number }) {
  const Icon = icons[icon] ?? IconKey;
  return <Icon size={size} stroke={1.6} />;
}
