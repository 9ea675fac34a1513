import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { evenTicks } from './statSeries';

interface StatChartProps {
  data: Array<{ time: string; value: number }>;
  max: number;
  /** A value as the axis and the tooltip show it, in the panel's language with its unit. */
  format: (value: number, digits: number) => string;
  color: string;
  label: string;
  /** The server's limit, drawn as a dashed line labelled with its value; 0 or absent draws none. */
  limit?: number;
}

/** One statistics line chart: an axis from 0 past `max` on even ticks, a time label every ten points, the limit as a line. */
export function StatChart({ data, max, format, color, label, limit }: StatChartProps) {
  const ticks = evenTicks(max);
  return (
    <LineChart
      h={240}
      data={data}
      dataKey="time"
      series={[{ name: 'value', label, color }]}
      curveType="monotone"
      withDots={false}
      yAxisProps={{ domain: [0, ticks.at(-1)!], ticks, tickFormatter: (value: number) => format(value, 0), width: 80 }}
      valueFormatter={(value) => format(value, 2)}
      xAxisProps={{ interval: 9 }}
      lineProps={{ isAnimationActive: false }}
      referenceLines={limit ? [{ y: limit, label: format(limit, 0), color: 'red.6', strokeDasharray: '6 4' }] : undefined}
    />
  );
}
