import { useEffect, useState } from 'react';
import { Group, Paper, SegmentedControl, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServerStats } from '@outpost/shared';
import { useConnection, useConnectionEvent } from '../../../live/useServerConnection';
import { StatChart } from './StatChart';
import { cpuAxisMax, initialSeries, memoryAxisMax, pushSample, STAT_INTERVAL_MS, toUnit, type MemoryUnit } from './statSeries';

const clock = (time: number) => new Date(time).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** CPU and memory charts fed by a stat request every 3000 ms (spec section 2.4). */
export default function StatsTab() {
  const { t, i18n } = useTranslation();
  const connection = useConnection();
  const [series, setSeries] = useState(initialSeries);
  const [unit, setUnit] = useState<MemoryUnit>('MB');
  // The newest sample, none until the first answer: the zeros the chart starts with are not measurements.
  const [latest, setLatest] = useState<ServerStats | null>(null);

  useConnectionEvent(connection, 'stat', (stats) => {
    setSeries((old) => pushSample(old, stats));
    setLatest(stats);
  });
  useEffect(() => {
    connection.send({ type: 'stat' });
    const timer = setInterval(() => connection.send({ type: 'stat' }), STAT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [connection]);

  const cpu = series.map((point) => ({ time: clock(point.time), value: point.cpu }));
  const memory = series.map((point) => ({ time: clock(point.time), value: toUnit(point.memory, unit) }));
  // The newest figure beside each title: a chart shows the trend, the number answers "how much now".
  const number = new Intl.NumberFormat(i18n.language.replace('_', '-'), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const figure = (value: number | undefined, suffix: string) => (value === undefined ? '—' : `${number.format(value)} ${suffix}`);

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md" data-testid="stats-cpu">
        <Group justify="space-between" mb="sm">
          <Title order={5}>{t('stats.cpu')}</Title>
          <Text size="sm" ff="monospace" c="dimmed" data-testid="stats-cpu-now">
            {figure(latest?.cpu, '%')}
          </Text>
        </Group>
        <StatChart data={cpu} max={cpuAxisMax(cpu.map((p) => p.value))} unit="%" color="blue.6" label={t('stats.cpu')} />
      </Paper>
      <Paper withBorder radius="md" p="md" data-testid="stats-memory">
        <Group justify="space-between" mb="sm">
          <Group gap="sm">
            <Title order={5}>{t('stats.memory')}</Title>
            <Text size="sm" ff="monospace" c="dimmed" data-testid="stats-memory-now">
              {figure(latest ? toUnit(latest.memory, unit) : undefined, unit)}
            </Text>
          </Group>
          <SegmentedControl size="xs" data={['MB', 'MiB']} value={unit} onChange={(value) => setUnit(value as MemoryUnit)} />
        </Group>
        <StatChart data={memory} max={memoryAxisMax(memory.map((p) => p.value), unit)} unit={` ${unit}`} color="grape.6" label={t('stats.memory')} />
      </Paper>
    </SimpleGrid>
  );
}
