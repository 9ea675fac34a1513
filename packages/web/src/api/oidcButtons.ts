import { useQuery } from '@tanstack/react-query';
import type { OidcPublicProvider } from '@outpost/shared';
import { api } from './client';

// Its own file: the login page asks it on every first load, the rest of api/oidc.ts only with single sign-on.

/** The login page's buttons: enabled providers, public. */
export function useOidcButtons() {
  return useQuery({ queryKey: ['oidc', 'buttons'], queryFn: () => api.get<OidcPublicProvider[]>('/auth/oidc/providers'), staleTime: 60_000 });
}
