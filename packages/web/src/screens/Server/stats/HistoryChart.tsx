import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { getThemeColor, useMantineTheme } from '@mantine/core';
import { evenTicks } from './statSeries';
import { isIsolated, type HistoryRow } from './historySeries';

interface HistoryChartProps {
  rows: HistoryRow[];
  /** The time the axis spans (epoch ms), and its ticks with how each reads. */
  from: number;
  to: number;
  ticks: number[];
  tickLabel: (ms: number) => string;
  /** How the tooltip names a step's time. */
  timeLabel: (ms: number) => string;
  max: number;
  /** A value as the axis and the tooltip show it, in the panel's language with its unit. */
  format: (value: number, digits: number) => string;
  color: string;
  /** The highest samples' line, lighter: only when the rows have them. */
  maxColor?: string;
  label: string;
  maxLabel?: string;
  testId: string;
}

/**
 * One history line chart over a time axis: a step's average, its highest sample as a lighter line
 * when the step has one, empty where nothing was measured, and a dot for a point alone between
 * two gaps (a line needs two).
 */
export function HistoryChart({ rows, from, to, ticks, tickLabel, timeLabel, max, format, color, maxColor, label, maxLabel, testId }: HistoryChartProps) {
  const theme = useMantineTheme();
  const withMax = maxColor !== undefined && rows.some((row) => row.max !== undefined && row.max !== null);
  const yTicks = evenTicks(max);
  const series = [...(withMax ? [{ name: 'max', label: maxLabel, color: maxColor }] : []), { name: 'value', label, color }];
  // Recharts gives a dot function each point's index; only lone points get a visible one.
  const loneDot = (key: 'value' | 'max', fill: string) => (props: { cx?: number; cy?: number; index?: number }) =>
    isIsolated(rows, props.index ?? -1, key) ? <circle key={props.index} cx={props.cx} cy={props.cy} r={2.5} fill={getThemeColor(fill, theme)} /> : <g key={props.index} />;

  return (
    <LineChart
      h={240}
      data={rows}
      dataKey="t"
      data-testid={testId}
      series={series}
      curveType="linear"
      withDots={false}
      connectNulls={false}
      withLegend={withMax}
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      yAxisProps={{ domain: [0, yTicks.at(-1)!], ticks: yTicks, tickFormatter: (value: number) => format(value, 0), width: 80 }}
      xAxisProps={{ type: 'number', scale: 'time', domain: [from, to], ticks, interval: 'equidistantPreserveStart', tickFormatter: tickLabel, allowDataOverflow: true }}
      // Room on the right for the last time's label, which sits on the edge of the plot.
      lineChartProps={{ margin: { top: 5, right: 24, bottom: 0, left: 0 } }}
      valueFormatter={(value) => format(value, 2)}
      tooltipProps={{ labelFormatter: (t) => (typeof t === 'number' ? timeLabel(t) : t) }}
      lineProps={(item) => ({ dot: loneDot(item.name as 'value' | 'max', item.color ?? color), strokeWidth: item.name === 'max' ? 1 : 2 })}
    />
  );
}
