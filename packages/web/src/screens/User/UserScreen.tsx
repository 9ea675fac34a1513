import { useState } from 'react';
import { Button, Paper, SimpleGrid, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';
import { useNavigate } from '../../router/useNavigate';
import { useParams } from '../../router/useParams';
import { Scopes } from '@outpost/shared';
import { useDeleteUser, useUpdateUser, useUser, useUserPerms } from '../../api/users';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCan } from '../../hooks/useCan';
import { UserForm } from '../AddUser/UserForm';
import { PermissionsCard } from './PermissionsCard';

/** /user/{id}: a user's account fields, their panel permissions, and deleting them. */
export default function UserScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const user = useUser(id);
  const perms = useUserPerms(id);
  const update = useUpdateUser(id);
  const remove = useDeleteUser(id);
  const canEdit = useCan(Scopes.UsersEdit);
  const isAdmin = useCan(Scopes.ServersAdmin);
  const [confirming, setConfirming] = useState(false);

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync();
      setConfirming(false);
      notifySuccess(t('users.deleted'));
      void navigate('/user');
    } catch (error) {
      setConfirming(false);
      notifyError(error);
    }
  };

  return (
    <QueryState query={user} skeletonRows={6}>
      {(data) => (
        <>
          <ScreenHeader
            title={data.username}
            description={data.email}
            actions={
              canEdit && (
                <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)} data-testid="delete-user">
                  {t('users.delete')}
                </Button>
              )
            }
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Paper withBorder radius="md" p="lg" data-testid="user-account">
              <Title order={4} mb="sm">
                {t('users.account')}
              </Title>
              <UserForm
                key={`${data.username} ${data.email}`}
                initial={data}
                requirePassword={false}
                disabled={!canEdit}
                loginLocked={!isAdmin}
                submitLabel={t('common.save')}
                pending={update.isPending}
                onSubmit={async ({ username, email, password }) => {
                  await update.mutateAsync({
                    ...(username !== data.username ? { username } : {}),
                    ...(email !== data.email ? { email } : {}),
                    ...(password ? { password } : {}),
                  });
                  notifySuccess(t('users.updated'));
                }}
              />
            </Paper>
            <QueryState query={perms}>{(held) => <PermissionsCard key={held.scopes.join()} userId={id} held={held.scopes} canEdit={canEdit} />}</QueryState>
          </SimpleGrid>
          <ConfirmDialog
            opened={confirming}
            title={t('users.deleteTitle')}
            message={t('users.deleteConfirm', { username: data.username })}
            confirmLabel={t('users.delete')}
            pending={remove.isPending}
            onClose={() => setConfirming(false)}
            onConfirm={() => void confirmDelete()}
            testId="delete-user-confirm"
          />
        </>
      )}
    </QueryState>
  );
}
