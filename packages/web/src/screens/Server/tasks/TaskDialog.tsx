import { useState } from 'react';
import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from '../../../translation/useTranslation';
import { DEFAULT_TASK_CRON, type Task, type TaskOperation } from '@outpost/shared';
import { useSaveTask } from '../../../api/tasks';
import { notifyError, notifySuccess } from '../../../components/notify';
import { buildSchedule, parseSchedule, type Schedule } from './cronSchedule';
import { describeSchedule } from './describeSchedule';
import { useServerScopes } from '../../../session/ServerPermissionsProvider';
import { useScopes } from '../../../session/sessionStore';
import { allowedOperationTypes } from './operationFields';
import { OperationsEditor } from './OperationsEditor';
import { ScheduleEditor } from './ScheduleEditor';

interface TaskDialogProps {
  serverId: string;
  /** The task being edited, or undefined for a new one. */
  editing?: { id: string; task: Task };
  onClose: () => void;
}

/**
 * New Task and Edit Task (spec sections 2.7, 4, 5). A new task starts scheduled on the default
 * cron; a task without a schedule opens with the switch off and that default. Saving with the
 * switch off clears the schedule; it saves only with a name and a valid (or no) schedule.
 */
export function TaskDialog({ serverId, editing, onClose }: TaskDialogProps) {
  const { t, i18n } = useTranslation();
  // The operation types offered are those the user's scopes on the server (and panel) allow.
  const allowed = allowedOperationTypes([...(useScopes() ?? []), ...useServerScopes()]);
  const existing = editing?.task;
  const [name, setName] = useState(existing?.name ?? '');
  const [scheduled, setScheduled] = useState(existing ? Boolean(existing.cronSchedule) : true);
  const [schedule, setSchedule] = useState<Schedule>(() => parseSchedule(existing?.cronSchedule || DEFAULT_TASK_CRON));
  const [operations, setOperations] = useState<TaskOperation[]>(existing?.operations ?? []);
  const [touched, setTouched] = useState(false);
  const save = useSaveTask(serverId);

  const cron = scheduled ? buildSchedule(schedule).trim() : '';
  const nameError = name.trim() === '' ? t('errors.ErrFieldRequired', { field: t('tasks.name') }) : undefined;
  const cronValid = cron === '' || describeSchedule(cron, i18n.language) !== undefined;

  const submit = () => {
    setTouched(true);
    if (nameError || !cronValid) return;
    const task: Task = { name: name.trim(), cronSchedule: cron === '' ? null : cron, operations };
    save.mutate(
      { taskId: editing?.id, task },
      {
        onSuccess: () => {
          notifySuccess(t('toast.saved'));
          onClose();
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Modal opened onClose={onClose} size="lg" title={editing ? t('tasks.editTitle') : t('tasks.newTitle')}>
      <Stack gap="md">
        <TextInput label={t('tasks.name')} required value={name} onChange={(event) => setName(event.currentTarget.value)} error={touched ? nameError : undefined} data-autofocus />
        <Switch label={t('tasks.runAutomatically')} checked={scheduled} onChange={(event) => setScheduled(event.currentTarget.checked)} />
        {scheduled && <ScheduleEditor schedule={schedule} onChange={setSchedule} />}
        <OperationsEditor operations={operations} onChange={setOperations} allowed={allowed} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={touched && (Boolean(nameError) || !cronValid)}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
