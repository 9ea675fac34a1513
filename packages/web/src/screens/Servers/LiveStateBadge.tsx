import { Badge } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import type { LiveServerState } from '@outpost/shared';

const colors: Record<LiveServerState, string> = { online: 'teal', offline: 'red', installing: 'blue', nodeOffline: 'orange', unknown: 'gray' };

/** A server's live state in a list row; unknown until the first reading arrives. */
export function LiveStateBadge({ state = 'unknown' }: { state?: LiveServerState }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={colors[state]} data-testid="server-row-state" data-state={state} style={{ whiteSpace: 'nowrap', overflow: 'visible' }}>
      {t(`serverList.state.${state}`)}
    </Badge>
  );
}
