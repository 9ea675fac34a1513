import { ComingSoon } from '../../components/ComingSoon';

// Adding a template arrives with the templates issue.
export default function AddTemplateScreen() {
  return <ComingSoon titleKey="screens.addTemplate" />;
}
