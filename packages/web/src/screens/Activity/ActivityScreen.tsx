import { ActivityList } from '../../components/activity/ActivityList';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useTranslation } from '../../translation/useTranslation';

/** Every entry of the activity log, for holders of activity.view (issue 31), by event, actor, server and user. */
export default function ActivityScreen() {
  const { t } = useTranslation();
  return (
    <>
      <ScreenHeader title={t('screens.activity')} description={t('activity.description')} />
      <ActivityList source={{ kind: 'panel' }} panelWide />
    </>
  );
}
