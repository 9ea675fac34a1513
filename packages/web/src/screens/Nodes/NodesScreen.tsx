import { ComingSoon } from '../../components/ComingSoon';

// Node management arrives with the nodes issue.
export default function NodesScreen() {
  return <ComingSoon titleKey="screens.nodes" />;
}
