import { Alert, Badge, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { LIMIT_NAMES, type NodeView } from '@outpost/shared';
import { useTranslation } from '../../translation/useTranslation';

/** What the node enforces of its servers' limits, by limit and through which cgroup hierarchy; plainly none where it has no writable cgroup. */
export function NodeLimitsCard({ node }: { node: NodeView }) {
  const { t } = useTranslation();
  const limits = node.limits;
  return (
    <Paper withBorder radius="md" p="lg" data-testid="node-limits">
      <Group justify="space-between" mb={4}>
        <Title order={4}>{t('limits.nodeTitle')}</Title>
        {limits?.cgroup && (
          <Text size="sm" c="dimmed" data-testid="node-limits-cgroup">
            {t('limits.cgroup', { version: limits.cgroup })}
          </Text>
        )}
      </Group>
      <Text c="dimmed" size="sm" mb="md">
        {t('limits.nodeDescription')}
      </Text>
      {!limits ? (
        <Text size="sm">{t('limits.nodeUnknown')}</Text>
      ) : (
        <>
          {limits.cgroup === null && (
            <Alert color="yellow" variant="light" mb="md" title={t('limits.notEnforced')} data-testid="node-limits-not-enforced">
              {t('limits.notEnforcedHint')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            {LIMIT_NAMES.map((name) => (
              <div key={name}>
                <Text size="xs" c="dimmed">
                  {t(`limits.names.${name}`)}
                </Text>
                <Badge variant="light" color={limits[name] ? 'teal' : 'gray'} data-testid={`node-limit-${name}`} data-enforced={limits[name]}>
                  {limits[name] ? t('limits.enforced') : t('limits.notEnforcedOne')}
                </Badge>
              </div>
            ))}
          </SimpleGrid>
        </>
      )}
    </Paper>
  );
}
