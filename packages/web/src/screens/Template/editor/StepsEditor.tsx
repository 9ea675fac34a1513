import { useState } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';
import type { Step } from '@outpost/shared';
import { ItemList } from './ItemList';
import { applyOverlay, type Overlay } from './listEdit';
import { StepDialog } from './StepDialog';
import { emptyStep, stepForSave, stepSummary } from './stepForm';

/** A list of steps (install, pre or post): reorderable rows, each edited in its overlay. */
export function StepsEditor({ steps, onChange, testId }: { steps: Step[]; onChange: (steps: Step[]) => void; testId: string }) {
  const { t } = useTranslation();
  const [overlay, setOverlay] = useState<Overlay<Step> | null>(null);
  const label = (step: Step, index: number) => `${index + 1} ${t(`tasks.types.${step.type}`)}`;
  return (
    <>
      <ItemList
        items={steps}
        onChange={onChange}
        testId={testId}
        empty={t('templateEditor.noSteps')}
        addLabel={t('templateEditor.addStep')}
        itemLabel={label}
        onAdd={() => setOverlay({ index: null, draft: emptyStep('command') })}
        onEdit={(index) => setOverlay({ index, draft: steps[index]! })}
        render={(step) => (
          <Group gap="xs" wrap="nowrap">
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {t(`tasks.types.${step.type}`)}
            </Badge>
            <Text size="sm" ff="monospace" truncate>
              {stepSummary(step)}
            </Text>
          </Group>
        )}
      />
      <StepDialog
        step={overlay?.draft ?? null}
        isNew={overlay?.index === null}
        onChange={(draft) => setOverlay(overlay && { ...overlay, draft })}
        onCancel={() => setOverlay(null)}
        onSave={() => {
          if (overlay) onChange(applyOverlay(steps, { ...overlay, draft: stepForSave(overlay.draft) }));
          setOverlay(null);
        }}
      />
    </>
  );
}
