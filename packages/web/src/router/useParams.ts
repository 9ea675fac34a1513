import { useParams as useRawParams } from 'wouter';

/** The current route's parameters, decoded (`/template/a%20b` gives `a b`). */
export function useParams(): Record<string, string | undefined> {
  const raw = useRawParams();
  return Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, value === undefined ? value : decodeURIComponent(value)]));
}
