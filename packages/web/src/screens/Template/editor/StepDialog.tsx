import { NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';
import { JAVA_VERSIONS, type Step, type StepType } from '@outpost/shared';
import type { OperationField } from '../../Server/tasks/operationFields';
import { OverlayDialog } from './OverlayDialog';
import { emptyStep, STEP_TYPES, stepFields, stepProblems, type FieldProblem } from './stepForm';

/** One step in its overlay: its type, then the form of that type (spec "Processor (step) types"). */
export function StepDialog({ step, isNew, onChange, onSave, onCancel }: { step: Step | null; isNew: boolean; onChange: (step: Step) => void; onSave: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const problems = step ? stepProblems(step) : {};
  return (
    <OverlayDialog
      title={t(isNew ? 'templateEditor.addStep' : 'templateEditor.editStep')}
      opened={step !== null}
      canSave={Object.keys(problems).length === 0}
      onSave={onSave}
      onCancel={onCancel}
      testId="step-dialog"
    >
      {step && (
        <>
          <Select
            label={t('tasks.operationType')}
            data={STEP_TYPES.map((type) => ({ value: type, label: t(`tasks.types.${type}`) }))}
            value={step.type}
            allowDeselect={false}
            searchable
            onChange={(type) => type && type !== step.type && onChange(emptyStep(type as StepType))}
            data-testid="step-type"
          />
          {stepFields(step.type).map((field) => (
            <StepField
              key={`${step.type}.${field.name}`}
              type={step.type}
              field={field}
              value={(step as unknown as Record<string, unknown>)[field.name]}
              problem={problems[field.name]}
              onChange={(value) => onChange({ ...step, [field.name]: value } as Step)}
            />
          ))}
        </>
      )}
    </OverlayDialog>
  );
}

function StepField({ type, field, value, problem, onChange }: { type: StepType; field: OperationField; value: unknown; problem?: FieldProblem; onChange: (value: unknown) => void }) {
  const { t } = useTranslation();
  const label = t(`tasks.fields.${field.name}`);
  const error = problem && t(`templateEditor.problems.${problem}`);
  const testId = `step-field-${field.name}`;
  if (type === 'javadl' && field.name === 'version') {
    return (
      <Select
        label={label}
        required
        data={JAVA_VERSIONS.map((version) => String(version))}
        value={value === undefined ? null : String(value)}
        allowDeselect={false}
        error={error}
        onChange={(next) => next && onChange(Number(next))}
        data-testid={testId}
      />
    );
  }
  switch (field.kind) {
    case 'switch':
      // The spec's defaults for the one switch there is (alterfile regex) is on.
      return <Switch label={label} checked={value === undefined ? true : Boolean(value)} onChange={(event) => onChange(event.currentTarget.checked)} data-testid={testId} />;
    case 'number':
      return <NumberInput label={label} required={field.required} value={typeof value === 'number' ? value : ''} error={error} onChange={(next) => onChange(typeof next === 'number' ? next : undefined)} data-testid={testId} />;
    case 'lines':
      return (
        <Textarea
          label={label}
          description={t('tasks.onePerLine')}
          required={field.required}
          autosize
          minRows={2}
          error={error}
          value={Array.isArray(value) ? value.join('\n') : ''}
          onChange={(event) => onChange(event.currentTarget.value.split('\n'))}
          data-testid={testId}
        />
      );
    default:
      return type === 'writefile' && field.name === 'text' ? (
        <Textarea label={label} autosize minRows={3} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.currentTarget.value)} data-testid={testId} />
      ) : (
        <TextInput label={label} required={field.required} error={error} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.currentTarget.value)} data-testid={testId} />
      );
  }
}
