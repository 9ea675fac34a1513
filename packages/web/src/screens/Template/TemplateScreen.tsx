import { ComingSoon } from '../../components/ComingSoon';

// The template editor arrives with the templates issue.
export default function TemplateScreen() {
  return <ComingSoon titleKey="screens.template" />;
}
