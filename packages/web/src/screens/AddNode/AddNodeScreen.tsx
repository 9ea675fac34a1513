import { ComingSoon } from '../../components/ComingSoon';

// Adding a node arrives with the nodes issue.
export default function AddNodeScreen() {
  return <ComingSoon titleKey="screens.addNode" />;
}
