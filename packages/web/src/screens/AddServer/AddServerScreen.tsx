import { Button } from '@mantine/core';
import { Link } from 'wouter';
import { Scopes } from '@outpost/shared';
import { useTranslation } from '../../translation/useTranslation';
import { useNodes } from '../../api/nodes';
import { useTemplates } from '../../api/templates';
import { QueryState } from '../../components/QueryState';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCan } from '../../hooks/useCan';
import { AddServerForm } from './AddServerForm';

/** Name, node, template, environment and variables, then POST /api/servers (spec panel.md section 2). */
export default function AddServerScreen() {
  const { t } = useTranslation();
  const nodes = useNodes();
  const templates = useTemplates();
  const canOpenTemplates = useCan(Scopes.TemplatesView);
  // No template yet: the way to one, for whoever may open the Templates screen.
  const toTemplates = canOpenTemplates ? (
    <Button component={Link} to="/template" data-testid="add-server-to-templates">
      {t('addServer.openTemplates')}
    </Button>
  ) : undefined;
  return (
    <>
      <ScreenHeader title={t('screens.addServer')} description={t('addServer.description')} />
      <QueryState query={nodes} skeletonRows={4} isEmpty={(list) => list.length === 0} empty={{ title: t('errors.ErrNoNodes'), description: t('addServer.noNodes') }}>
        {(nodeList) => (
          <QueryState query={templates} isEmpty={(list) => list.length === 0} empty={{ title: t('errors.ErrNoTemplates'), description: t('addServer.noTemplates'), action: toTemplates }}>
            {(templateList) => <AddServerForm nodes={nodeList} templates={templateList} />}
          </QueryState>
        )}
      </QueryState>
    </>
  );
}
