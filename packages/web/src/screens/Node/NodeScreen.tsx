import { ComingSoon } from '../../components/ComingSoon';

// The node page arrives with the nodes issue.
export default function NodeScreen() {
  return <ComingSoon titleKey="screens.node" />;
}
