import { EmptyState } from './EmptyState';
import { useTranslation } from '../translation/useTranslation';

/**
 * What a screen shows to someone whose account may not open it, instead of the 403 as an error;
 * `description`: a catalogue key saying more than the general words.
 */
export function NotAllowed({ description = 'notAllowed.description' }: { description?: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid="not-allowed">
      <EmptyState title={t('notAllowed.title')} description={t(description)} />
    </div>
  );
}
