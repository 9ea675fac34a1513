import { ComingSoon } from '../../components/ComingSoon';

// Creating servers arrives with the servers issue.
export default function AddServerScreen() {
  return <ComingSoon titleKey="screens.addServer" />;
}
