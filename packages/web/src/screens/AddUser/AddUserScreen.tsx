import { Button, Paper } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import { useNavigate } from '../../router/useNavigate';
import { Scopes } from '@outpost/shared';
import { useCreateUser } from '../../api/users';
import { EmptyState } from '../../components/EmptyState';
import { notifySuccess } from '../../components/notify';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCan } from '../../hooks/useCan';
import { UserForm } from './UserForm';

/** /adduser: a new account with no rights; the screen that opens next gives them. */
export default function AddUserScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateUser();
  const canEdit = useCan(Scopes.UsersEdit);

  if (!canEdit) return <EmptyState title={t('users.addNotAllowed')} action={<Button onClick={() => void navigate('/user')}>{t('users.backToList')}</Button>} />;

  return (
    <>
      <ScreenHeader title={t('screens.addUser')} description={t('users.addDescription')} />
      <Paper withBorder radius="md" p="lg" maw={560}>
        <UserForm
          requirePassword
          submitLabel={t('users.create')}
          pending={create.isPending}
          onSubmit={async ({ username, email, password }) => {
            const user = await create.mutateAsync({ username, email, password });
            notifySuccess(t('users.created'));
            void navigate(`/user/${user.id}`);
          }}
        />
      </Paper>
    </>
  );
}
