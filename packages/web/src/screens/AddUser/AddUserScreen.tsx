import { ComingSoon } from '../../components/ComingSoon';

// Adding a user arrives with the users issue.
export default function AddUserScreen() {
  return <ComingSoon titleKey="screens.addUser" />;
}
