import { IconActivity, IconAdjustments, IconServer, IconServer2, IconTemplate, IconUserCircle, IconUsers, type Icon } from '@tabler/icons-react';
import type { NavIcon } from '../../routes';

/** The icon of each menu entry of the route table. */
export const navIcons: Record<NavIcon, Icon> = {
  account: IconUserCircle,
  servers: IconServer,
  nodes: IconServer2,
  users: IconUsers,
  templates: IconTemplate,
  activity: IconActivity,
  settings: IconAdjustments,
};
