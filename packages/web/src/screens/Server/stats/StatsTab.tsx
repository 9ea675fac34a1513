import { useState } from 'react';
import { Group, SegmentedControl, Stack } from '@mantine/core';
import type { ServerViewProps } from '../serverViews';
import { LiveStats } from './LiveStats';
import { StatsHistoryCharts } from './StatsHistoryCharts';
import { StatsRangeControl, type StatsView } from './StatsRangeControl';
import type { MemoryUnit } from './statSeries';

/**
 * The Stats tab: the live view (the socket's stat answers since the tab opened) or the panel's
 * stored history of a range (issue 32), with one MB / MiB choice for both.
 */
export default function StatsTab({ server }: ServerViewProps) {
  const [view, setView] = useState<StatsView>('live');
  const [unit, setUnit] = useState<MemoryUnit>('MB');
  const unitControl = <SegmentedControl size="xs" data={['MB', 'MiB']} value={unit} onChange={(value) => setUnit(value as MemoryUnit)} />;
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <StatsRangeControl withLive value={view} onChange={setView} />
      </Group>
      {view === 'live' ? (
        <LiveStats unit={unit} unitControl={unitControl} />
      ) : (
        <StatsHistoryCharts source={{ kind: 'server', server: server.id }} range={view} unit={unit} unitControl={unitControl} withDiskAndPlayers />
      )}
    </Stack>
  );
}
