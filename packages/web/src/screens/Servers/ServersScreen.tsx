import { ComingSoon } from '../../components/ComingSoon';

// The server list arrives with the servers issue; until then it says so plainly.
export default function ServersScreen() {
  return <ComingSoon titleKey="screens.servers" />;
}
