import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';
import type { Task } from '@outpost/shared';
import { useDeleteTask, useRunTask, useTasks } from '../../../api/tasks';
import { RemoveDialog } from '../../../components/RemoveDialog';
import { notifyError, notifySuccess } from '../../../components/notify';
import { QueryState } from '../../../components/QueryState';
import type { ServerViewProps } from '../serverViews';
import { describeSchedule } from './describeSchedule';
import { TaskDialog } from './TaskDialog';
import { taskDisabledText } from './taskDisabledText';

type Editing = { id?: string; task?: Task } | undefined;

/** The tasks card (spec section 2.7): each task with its schedule in words, edit, run and delete, and Add. */
export default function TasksTab({ server }: ServerViewProps) {
  const { t, i18n } = useTranslation();
  const tasks = useTasks(server.id);
  const run = useRunTask(server.id);
  const remove = useDeleteTask(server.id);
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<{ id: string; task: Task }>();

  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('tasks.title')}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})} data-testid="task-add">
          {t('tasks.add')}
        </Button>
      </Group>
      <QueryState query={tasks}>
        {({ tasks: map, timeZone }) => (
          <Stack gap="xs">
            {timeZone && (
              <Text size="xs" c="dimmed" data-testid="tasks-time-zone">
                {t('tasks.timeZone', { timeZone })}
              </Text>
            )}
            {Object.keys(map).length === 0 && <Text c="dimmed">{t('tasks.none')}</Text>}
            {Object.entries(map).map(([id, task]) => {
              const disabled = taskDisabledText(task.disabled);
              return (
                <Paper key={id} withBorder p="sm" data-testid="task-row">
                  <Group justify="space-between" wrap="nowrap">
                    <div>
                      <Group gap="xs">
                        <Text fw={500}>{task.name}</Text>
                        {disabled && (
                          <Badge color="yellow" variant="light" size="sm" data-testid="task-disabled">
                            {t('tasks.disabled')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {task.cronSchedule ? (describeSchedule(task.cronSchedule, i18n.language) ?? task.cronSchedule) : t('tasks.manualOnly')}
                      </Text>
                      {disabled && (
                        <Text size="sm" c="yellow.8" data-testid="task-disabled-reason">
                          {t(disabled.key, { permission: disabled.permissionKey ? t(disabled.permissionKey) : disabled.scope })}
                        </Text>
                      )}
                    </div>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('tasks.edit')}>
                        <ActionIcon variant="subtle" aria-label={t('tasks.edit')} onClick={() => setEditing({ id, task })}>
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('tasks.run')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('tasks.run')}
                          loading={run.isPending && run.variables === id}
                          onClick={() => run.mutate(id, { onSuccess: () => notifySuccess(t('tasks.triggered')), onError: notifyError })}
                        >
                          <IconPlayerPlay size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('tasks.delete')}>
                        <ActionIcon variant="subtle" color="red" aria-label={t('tasks.delete')} onClick={() => setDeleting({ id, task })}>
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </QueryState>
      {editing && <TaskDialog serverId={server.id} editing={editing.id && editing.task ? { id: editing.id, task: editing.task } : undefined} onClose={() => setEditing(undefined)} />}
      <RemoveDialog
        item={deleting}
        idOf={(task) => task.id}
        remove={remove}
        title={t('tasks.deleteTitle')}
        message={t('tasks.deleteMessage', { name: deleting?.task.name ?? '' })}
        confirmLabel={t('tasks.delete')}
        removed={t('tasks.deleted')}
        onClose={() => setDeleting(undefined)}
        testId="confirm-delete-task"
      />
    </Paper>
  );
}
