import { useTranslation } from '../../translation/useTranslation';
import { useNavigate } from '../../router/useNavigate';
import { Scopes } from '@outpost/shared';
import { useCreateNode } from '../../api/nodes';
import { EmptyState } from '../../components/EmptyState';
import { notifyError, notifySuccess } from '../../components/notify';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCan } from '../../hooks/useCan';
import { NodeForm } from '../Node/NodeForm';
import { blankNode } from '../Node/nodeForm';

/** /addnode: a new node; its page then shows the daemon.json to run it with. */
export default function AddNodeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useCan(Scopes.NodesEdit);
  const create = useCreateNode();

  return (
    <>
      <ScreenHeader title={t('screens.addNode')} description={t('nodes.addDescription')} />
      {canEdit ? (
        <NodeForm
          initial={blankNode}
          submitLabel={t('nodes.add')}
          pending={create.isPending}
          onSubmit={(request) =>
            create.mutate(request, {
              onSuccess: (node) => {
                notifySuccess(t('nodes.created'));
                void navigate(`/node/${node.id}`);
              },
              onError: notifyError,
            })
          }
        />
      ) : (
        <EmptyState title={t('errors.ErrMissingScope')} />
      )}
    </>
  );
}
