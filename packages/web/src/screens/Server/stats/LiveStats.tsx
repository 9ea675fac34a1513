import { useEffect, useState, type ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';
import type { ServerStats } from '@outpost/shared';
import { useFormat } from '../../../hooks/useFormat';
import { useConnection, useConnectionEvent } from '../../../live/useServerConnection';
import { StatChart } from './StatChart';
import { LimitsUse } from './LimitsUse';
import { cpuAxisMax, initialSeries, memoryAxisMax, pushSample, STAT_INTERVAL_MS, toUnit, type MemoryUnit } from './statSeries';

/** CPU and memory charts fed by a stat request every 3000 ms (spec section 2.4), under the use against the limits. */
export function LiveStats({ unit, unitControl }: { unit: MemoryUnit; unitControl: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const connection = useConnection();
  const [series, setSeries] = useState(initialSeries);
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

  // Times and numbers in the panel's language, not the browser's.
  const cpu = series.map((point) => ({ time: format.clock(point.time), value: point.cpu }));
  const memory = series.map((point) => ({ time: format.clock(point.time), value: toUnit(point.memory, unit) }));
  const withUnit = (suffix: string) => (value: number, digits: number) => `${format.number(value, digits)} ${suffix}`;
  // The newest figure beside each title: a chart shows the trend, the number answers "how much now".
  const figure = (value: number | undefined, suffix: string) => (value === undefined ? '—' : withUnit(suffix)(value, 2));

  // The axes reach the limit, so the line shows how close the server is to it.
  const memoryLimit = latest?.limits?.memory ? toUnit(latest.limits.memory * 1_048_576, unit) : 0;
  const cpuLimit = latest?.limits?.cpu ?? 0;

  return (
    <Stack gap="md">
      {latest && <LimitsUse stats={latest} />}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" data-testid="stats-cpu">
          <Group justify="space-between" mb="sm">
            <Title order={5}>{t('stats.cpu')}</Title>
            <Text size="sm" ff="monospace" c="dimmed" data-testid="stats-cpu-now">
              {figure(latest?.cpu, '%')}
            </Text>
          </Group>
          <StatChart data={cpu} max={cpuAxisMax([...cpu.map((p) => p.value), cpuLimit])} format={withUnit('%')} color="blue.6" label={t('stats.cpu')} limit={cpuLimit} />
        </Paper>
        <Paper withBorder radius="md" p="md" data-testid="stats-memory">
          <Group justify="space-between" mb="sm">
            <Group gap="sm">
              <Title order={5}>{t('stats.memory')}</Title>
              <Text size="sm" ff="monospace" c="dimmed" data-testid="stats-memory-now">
                {figure(latest ? toUnit(latest.memory, unit) : undefined, unit)}
              </Text>
            </Group>
            {unitControl}
          </Group>
          <StatChart data={memory} max={memoryAxisMax([...memory.map((p) => p.value), memoryLimit], unit)} format={withUnit(unit)} color="grape.6" label={t('stats.memory')} limit={memoryLimit} />
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
