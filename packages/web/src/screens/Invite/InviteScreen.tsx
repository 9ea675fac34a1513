import { ComingSoon } from '../../components/ComingSoon';

// Accepting invitations arrives with the server users issue.
export default function InviteScreen() {
  return <ComingSoon titleKey="screens.invite" />;
}
