import { useState } from 'react';
import { Group, Paper, SegmentedControl, Text, Title } from '@mantine/core';
import type { StatsRange } from '@outpost/shared';
import { useTranslation } from '../../translation/useTranslation';
import { StatsHistoryCharts } from '../Server/stats/StatsHistoryCharts';
import { StatsRangeControl } from '../Server/stats/StatsRangeControl';
import type { MemoryUnit } from '../Server/stats/statSeries';

/** The node's servers' CPU and memory added up, over a range of the stored history (issue 32). */
export function NodeHistoryCard({ nodeId }: { nodeId: number }) {
  const { t } = useTranslation();
  const [range, setRange] = useState<StatsRange>('24h');
  const [unit, setUnit] = useState<MemoryUnit>('MB');
  return (
    <Paper withBorder radius="md" p="lg" data-testid="node-history">
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={4}>{t('nodes.history.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('nodes.history.description')}
          </Text>
        </div>
        <StatsRangeControl value={range} onChange={setRange} />
      </Group>
      <StatsHistoryCharts
        source={{ kind: 'node', node: nodeId }}
        range={range}
        unit={unit}
        unitControl={<SegmentedControl size="xs" data={['MB', 'MiB']} value={unit} onChange={(value) => setUnit(value as MemoryUnit)} />}
      />
    </Paper>
  );
}
