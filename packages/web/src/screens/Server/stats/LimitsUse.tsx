import { Alert, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ServerStats } from '@outpost/shared';
import { useTranslation } from '../../../translation/useTranslation';
import { useFormat } from '../../../hooks/useFormat';
import { limitUses, type LimitUse } from './limitUse';

/** The server's memory, CPU and disk against its limits, read-only, and plainly when its node cannot enforce them. */
export function LimitsUse({ stats }: { stats: ServerStats }) {
  const { t } = useTranslation();
  const format = useFormat();
  const figure = (use: LimitUse) => {
    const [used, limit] = use.name === 'cpu' ? [format.percent(use.used), use.limit && format.percent(use.limit)] : [format.number(use.used, use.used < 10 ? 1 : 0), use.limit && format.number(use.limit)];
    if (!limit) return t('limits.noLimit', { used: use.name === 'cpu' ? used : `${used} MiB` });
    return use.name === 'cpu' ? t('limits.ofPercent', { used, limit }) : t('limits.ofMiB', { used, limit });
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="limits-use">
      <Title order={5} mb="sm">
        {t('limits.useTitle')}
      </Title>
      {stats.limitsEnforced === false && (
        <Alert color="yellow" variant="light" mb="sm" title={t('limits.notEnforced')} data-testid="limits-not-enforced">
          {t('limits.notEnforcedHint')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {limitUses(stats).map((use) => (
          <Stack key={use.name} gap={4} data-testid={`limit-use-${use.name}`}>
            <Text size="sm" fw={500}>
              {t(`limits.names.${use.name}`)}
            </Text>
            <Text size="sm" ff="monospace" data-testid={`limit-use-${use.name}-text`}>
              {figure(use)}
            </Text>
            {use.limit !== undefined && <Progress size="sm" value={use.fraction * 100} color={use.fraction >= 0.9 ? 'red' : 'blue'} aria-label={t(`limits.names.${use.name}`)} />}
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
