import { lazy, Suspense } from 'react';
import { useSearchParams } from 'wouter';
import { useOidcButtons } from '../../api/oidcButtons';

// Only a panel with single sign-on (or a browser back from a provider) loads its buttons and steps.
const OidcSignIn = lazy(() => import('./OidcSignIn').then((module) => ({ default: module.OidcSignIn })));

/** The single sign-on part, once the panel names a provider or the provider sent the browser back. */
export function SingleSignOn({ onOtpNeeded }: { onOtpNeeded: () => void }) {
  const [params] = useSearchParams();
  const providers = useOidcButtons();
  const wanted = params.has('oidc') || params.has('oidcError') || (providers.data?.length ?? 0) > 0;
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OidcSignIn onOtpNeeded={onOtpNeeded} />
    </Suspense>
  );
}
