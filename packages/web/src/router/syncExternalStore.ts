// What wouter imports from the use-sync-external-store shim (vite.config.ts aliases it here): React 18+
// has the hook itself, so the shim's copy for older Reacts need not be sent.
export { useSyncExternalStore } from 'react';
