import { ComingSoon } from '../../components/ComingSoon';

// The template list arrives with the templates issue.
export default function TemplatesScreen() {
  return <ComingSoon titleKey="screens.templates" />;
}
