import { ComingSoon } from '../../components/ComingSoon';

// The server page arrives with its own issue (spec server-page.md).
export default function ServerScreen() {
  return <ComingSoon titleKey="screens.server" />;
}
