import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';

interface StatChartProps {
  data: Array<{ time: string; value: number }>;
  max: number;
  unit: string;
  color: string;
  label: string;
}

/** One statistics line chart, axis from 0 to `max`. */
export function StatChart({ data, max, unit, color, label }: StatChartProps) {
  return (
    <LineChart
      h={240}
      data={data}
      dataKey="time"
      series={[{ name: 'value', label, color }]}
      curveType="monotone"
      withDots={false}
      yAxisProps={{ domain: [0, max], tickFormatter: (value: number) => `${Math.round(value)}${unit}`, width: 80 }}
      valueFormatter={(value) => `${value.toFixed(2)}${unit}`}
      xAxisProps={{ interval: 9 }}
      lineProps={{ isAnimationActive: false }}
    />
  );
}
