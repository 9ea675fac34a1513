import { SegmentedControl } from '@mantine/core';
import type { StatsRange } from '@outpost/shared';
import { useTranslation } from '../../../translation/useTranslation';

/** What a statistics view shows: the live feed, or the stored history of a range. */
export type StatsView = 'live' | StatsRange;

const ranges: readonly StatsRange[] = ['1h', '24h', '7d', '30d'];

/** The range buttons of the Stats tab (with Live) and of a node's totals (without). */
export function StatsRangeControl<V extends StatsView>({ value, onChange, withLive = false }: { value: V; onChange: (value: V) => void; withLive?: boolean }) {
  const { t } = useTranslation();
  const views: StatsView[] = withLive ? ['live', ...ranges] : [...ranges];
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('stats.range.label')}
      data-testid="stats-range"
      data={views.map((view) => ({ value: view, label: t(`stats.range.${view}`) }))}
      value={value}
      onChange={(next) => onChange(next as V)}
    />
  );
}
