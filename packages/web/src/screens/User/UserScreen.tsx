import { ComingSoon } from '../../components/ComingSoon';

// Editing a user arrives with the users issue.
export default function UserScreen() {
  return <ComingSoon titleKey="screens.user" />;
}
