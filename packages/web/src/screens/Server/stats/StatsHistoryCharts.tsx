import { useMemo, type ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Title } from '@mantine/core';
import { statsRangeSeconds, type StatsHistory, type StatsHistoryPoint, type StatsRange } from '@outpost/shared';
import { useTranslation } from '../../../translation/useTranslation';
import { useFormat } from '../../../hooks/useFormat';
import { useStatsHistory, type StatsHistorySource } from '../../../api/statsHistory';
import { QueryState } from '../../../components/QueryState';
import { HistoryChart } from './HistoryChart';
import { historyRows, timeTicks } from './historySeries';
import { cpuAxisMax, evenTicks, memoryAxisMax, toUnit, type MemoryUnit } from './statSeries';

interface StatsHistoryChartsProps {
  source: StatsHistorySource;
  range: StatsRange;
  unit: MemoryUnit;
  /** Drawn beside the memory chart's title: the MB / MiB switch the live view shares. */
  unitControl?: ReactNode;
  /** A node's totals draw CPU and memory only; a server's add disk and players when it has them. */
  withDiskAndPlayers?: boolean;
}

type Field = 'cpu' | 'memory' | 'disk' | 'players';

/** The stored history of a server or a node over a range: a chart per measure, an empty state before the first point. */
export function StatsHistoryCharts(props: StatsHistoryChartsProps) {
  const { t } = useTranslation();
  const history = useStatsHistory(props.source, props.range);
  return (
    <QueryState
      query={history}
      skeletonRows={6}
      isEmpty={(data) => data.points.length === 0}
      empty={{ title: t('stats.history.emptyTitle'), description: t('stats.history.emptyDescription') }}
    >
      {(data) => <Charts {...props} history={data} answeredAt={history.dataUpdatedAt} />}
    </QueryState>
  );
}

function Charts({ history, answeredAt, range, unit, unitControl, withDiskAndPlayers = false }: StatsHistoryChartsProps & { history: StatsHistory; answeredAt: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const stepMs = history.step * 1000;
  // The axis spans the whole range up to the answer, so a server that ran only lately shows where.
  const to = Math.max(answeredAt, history.points.at(-1)?.t ?? 0);
  const from = to - statsRangeSeconds[range] * 1000;
  const ticks = useMemo(() => timeTicks(range, from, to), [range, from, to]);
  const tickLabel = range === '1h' || range === '24h' ? format.time : format.dayMonth;
  // A 10-s step is one sample, named to the second; longer steps start at a date and minute.
  const timeLabel = range === '1h' ? format.clock : format.dateTime;
  const withUnit = (suffix: string) => (value: number, digits: number) => `${format.number(value, digits)} ${suffix}`;

  const rows = useMemo(() => {
    const bytes = (value: number | undefined) => (value === undefined ? undefined : toUnit(value, unit));
    const of = (value: (p: StatsHistoryPoint) => number | undefined, max?: (p: StatsHistoryPoint) => number | undefined) => historyRows(history.points, stepMs, value, max);
    return {
      cpu: of((p) => p.cpu, (p) => p.cpuMax),
      memory: of((p) => bytes(p.memory), (p) => bytes(p.memoryMax)),
      disk: of((p) => bytes(p.disk)),
      players: of((p) => p.players),
    } satisfies Record<Field, unknown>;
  }, [history.points, stepMs, unit]);
  const values = (field: Field) => rows[field].flatMap((row) => [row.value ?? 0, row.max ?? 0]);

  const common = { from, to, ticks, tickLabel, timeLabel, label: t('stats.history.average'), maxLabel: t('stats.history.highest') };
  const charts: { field: Field; title: string; extra?: ReactNode; chart: ReactNode }[] = [
    {
      field: 'cpu',
      title: t('stats.cpu'),
      chart: <HistoryChart {...common} testId="history-cpu-chart" rows={rows.cpu} max={cpuAxisMax(values('cpu'))} format={withUnit('%')} color="blue.6" maxColor="blue.3" />,
    },
    {
      field: 'memory',
      title: t('stats.memory'),
      extra: unitControl,
      chart: <HistoryChart {...common} testId="history-memory-chart" rows={rows.memory} max={memoryAxisMax(values('memory'), unit)} format={withUnit(unit)} color="grape.6" maxColor="grape.3" />,
    },
  ];
  if (withDiskAndPlayers && rows.disk.length > 0) {
    const max = Math.max(...values('disk'));
    charts.push({ field: 'disk', title: t('stats.disk'), chart: <HistoryChart {...common} testId="history-disk-chart" rows={rows.disk} max={evenTicks(max).at(-1)!} format={withUnit(unit)} color="teal.6" /> });
  }
  if (withDiskAndPlayers && rows.players.length > 0) {
    // Whole players on the axis, at least up to 5; a step's average may be a fraction.
    const max = Math.max(5, Math.ceil(Math.max(...values('players'))));
    charts.push({ field: 'players', title: t('stats.players'), chart: <HistoryChart {...common} testId="history-players-chart" rows={rows.players} max={max} format={(value, digits) => format.number(value, Math.min(digits, 1))} color="orange.6" /> });
  }

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" data-testid="stats-history" data-step={history.step}>
      {charts.map(({ field, title, extra, chart }) => (
        <Paper key={field} withBorder radius="md" p="md" data-testid={`history-${field}`}>
          <Group justify="space-between" mb="sm" mih={30}>
            <Title order={5}>{title}</Title>
            {extra}
          </Group>
          {chart}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
