import { lazy, Suspense } from 'react';
import { useSearchParams } from 'wouter';
import { useConfig } from '../../api/config';
import { useOidcButtons } from '../../api/oidcButtons';

// Only a panel with single sign-on (or a browser back from a provider) loads its buttons and steps.
const OidcSignIn = lazy(() => import('./OidcSignIn').then((module) => ({ default: module.OidcSignIn })));

/**
 * The single sign-on part, once the panel names a provider or the provider sent the browser back.
 * It also keeps the config the form and the top bar read from the cache asked for: after a sign-out
 * has cleared the cache, nothing else on this page would ask again.
 */
export function SingleSignOn({ onOtpNeeded }: { onOtpNeeded: () => void }) {
  useConfig();
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
