import { Badge } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import type { NodeView } from '@outpost/shared';

/** Online with the daemon's version, or offline, as the panel's last health check found it. */
export function NodeStatusBadge({ node }: { node: Pick<NodeView, 'online' | 'version'> }) {
  const { t } = useTranslation();
  return node.online ? (
    <Badge color="teal" variant="light" data-testid="node-status" data-online="true">
      {node.version ? t('nodes.onlineVersion', { version: node.version }) : t('nodes.online')}
    </Badge>
  ) : (
    <Badge color="red" variant="light" data-testid="node-status" data-online="false">
      {t('nodes.offline')}
    </Badge>
  );
}
