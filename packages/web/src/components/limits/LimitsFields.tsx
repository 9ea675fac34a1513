import { NumberInput, SimpleGrid } from '@mantine/core';
import { LIMIT_NAMES, type ServerLimits } from '@outpost/shared';
import { useTranslation } from '../../translation/useTranslation';
import { withLimit } from './limitsForm';

/** Largest value of each box, the contract's bounds. */
const MAX = { memory: 16_777_216, cpu: 102_400, processes: 4_194_304, disk: 1_073_741_824 } as const;

/** A server's four limits as number boxes, empty for unlimited: Add server and the Admin tab. */
export function LimitsFields({ value, onChange, disabled = false }: { value: ServerLimits; onChange: (limits: ServerLimits) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      {LIMIT_NAMES.map((name) => (
        <NumberInput
          key={name}
          label={t(`limits.${name}`)}
          description={name === 'cpu' ? t('limits.cpuHint') : undefined}
          placeholder={t('limits.unlimited')}
          min={0}
          max={MAX[name]}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator={false}
          value={value[name] ?? ''}
          onChange={(entered) => onChange(withLimit(value, name, entered))}
          disabled={disabled}
          name={`limit-${name}`}
          data-testid={`limit-${name}`}
        />
      ))}
    </SimpleGrid>
  );
}
