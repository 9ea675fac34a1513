import { useState } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';
import type { EditorVariable } from '@outpost/shared';
import { ItemList } from './ItemList';
import { applyOverlay, type Overlay } from './listEdit';
import { VariableDialog } from './VariableDialog';
import { emptyVariable } from './variableForm';

/** The variables in order, each edited in its overlay. */
export function VariablesEditor({ vars, mode, onChange }: { vars: EditorVariable[]; mode: 'template' | 'server'; onChange: (vars: EditorVariable[]) => void }) {
  const { t } = useTranslation();
  const [overlay, setOverlay] = useState<Overlay<EditorVariable> | null>(null);
  const otherNames = vars.filter((_, at) => at !== overlay?.index).map((variable) => variable.name);
  return (
    <>
      <ItemList
        items={vars}
        onChange={onChange}
        testId="variables"
        empty={t('templateEditor.noVariables')}
        addLabel={t('templateEditor.addVariable')}
        itemLabel={(variable) => variable.name}
        onAdd={() => setOverlay({ index: null, draft: emptyVariable() })}
        onEdit={(index) => setOverlay({ index, draft: vars[index]! })}
        render={(variable) => (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" ff="monospace" fw={500}>
              {variable.name}
            </Text>
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              {t(`templateEditor.variableTypes.${variable.type ?? 'string'}`)}
            </Badge>
            <Text size="sm" c="dimmed" truncate>
              {variable.display}
            </Text>
          </Group>
        )}
      />
      <VariableDialog
        variable={overlay?.draft ?? null}
        isNew={overlay?.index === null}
        otherNames={otherNames}
        mode={mode}
        onChange={(draft) => setOverlay(overlay && { ...overlay, draft })}
        onCancel={() => setOverlay(null)}
        onSave={() => {
          if (overlay) onChange(applyOverlay(vars, overlay));
          setOverlay(null);
        }}
      />
    </>
  );
}
