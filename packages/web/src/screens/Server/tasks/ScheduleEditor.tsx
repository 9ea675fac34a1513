import { Chip, Group, NumberInput, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';
import { buildSchedule, SCHEDULE_MODES, switchMode, type Schedule, type ScheduleFields, type ScheduleMode } from './cronSchedule';
import { describeSchedule } from './describeSchedule';

interface ScheduleEditorProps {
  schedule: Schedule;
  onChange: (schedule: Schedule) => void;
  /** Shown under the editor when the expression is no valid cron. */
  error?: string;
}

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/** The schedule tabs (spec section 2.7) and the schedule in words, in the user's language. */
export function ScheduleEditor({ schedule, onChange, error }: ScheduleEditorProps) {
  const { t, i18n } = useTranslation();
  const { mode, fields } = schedule;
  const set = (change: Partial<ScheduleFields>) => onChange({ mode, fields: { ...fields, ...change } });
  const expression = buildSchedule(schedule);
  const words = describeSchedule(expression, i18n.language);
  const time = (
    <Group grow>
      {mode !== 'hourly' && <NumberInput label={t('tasks.schedule.hour')} min={0} max={23} value={fields.hour} onChange={(v) => set({ hour: Number(v) || 0 })} />}
      <NumberInput label={t('tasks.schedule.minute')} min={0} max={59} value={fields.minute} onChange={(v) => set({ minute: Number(v) || 0 })} />
    </Group>
  );
  return (
    <Stack gap="xs">
      <Tabs value={mode} onChange={(next) => next && onChange(switchMode(schedule, next as ScheduleMode))}>
        <Tabs.List>
          {SCHEDULE_MODES.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`tasks.schedule.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {mode === 'advanced' ? (
        <TextInput label={t('tasks.schedule.expression')} description={t('tasks.schedule.expressionHint')} value={fields.expression} onChange={(event) => set({ expression: event.currentTarget.value })} />
      ) : (
        <Stack gap="xs">
          {mode === 'daily' && <NumberInput label={t('tasks.schedule.everyDays')} min={1} max={31} value={fields.everyDays} onChange={(v) => set({ everyDays: Number(v) || 0 })} />}
          {mode === 'monthly' && <NumberInput label={t('tasks.schedule.dayOfMonth')} min={1} max={31} value={fields.dayOfMonth} onChange={(v) => set({ dayOfMonth: Number(v) || 0 })} />}
          {mode === 'weekly' && (
            <Chip.Group multiple value={fields.weekdays.map(String)} onChange={(days) => set({ weekdays: days.map(Number) })}>
              <Group gap={4}>
                {WEEKDAYS.map((day) => (
                  <Chip key={day} value={String(day)} size="xs">
                    {t(`tasks.weekdays.${day}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          )}
          {time}
        </Stack>
      )}
      <Text size="sm" c={words ? undefined : 'red'} data-testid="schedule-description">
        {words ?? error ?? t('errors.ErrInvalidCron')}
      </Text>
    </Stack>
  );
}
