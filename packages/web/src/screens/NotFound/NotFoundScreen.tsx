import { Button, Paper } from '@mantine/core';
import { Link } from 'wouter';
import { useTranslation } from '../../translation/useTranslation';
import { EmptyState } from '../../components/EmptyState';
import { ScreenHeader } from '../../components/ScreenHeader';

export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <>
      <ScreenHeader title={t('screens.notFound')} />
      <Paper withBorder radius="md" p="lg">
        <EmptyState
          title={t('notFound.title')}
          description={t('notFound.description')}
          action={
            <Button component={Link} to="/server" variant="light" mt="sm">
              {t('notFound.back')}
            </Button>
          }
        />
      </Paper>
    </>
  );
}
