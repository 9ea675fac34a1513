import { ComingSoon } from '../../components/ComingSoon';

// User management arrives with the users issue.
export default function UsersScreen() {
  return <ComingSoon titleKey="screens.users" />;
}
