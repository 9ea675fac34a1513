import type { ComponentType } from 'react';
import type { ServerSummary } from '@outpost/shared';
import { GenericServerView } from './GenericServerView';

/** What a server's view and each of its tabs get; the user's permissions come from ServerPermissionsProvider. */
export interface ServerViewProps {
  server: ServerSummary;
}

/**
 * A server page picks its view by server type (spec server-page.md section 2); a type without
 * its own view gets the generic one. Add an entry here to give a type its own view.
 */
const views: Record<string, ComponentType<ServerViewProps>> = {};

export function viewFor(type: string | undefined): ComponentType<ServerViewProps> {
  return (type && views[type]) || GenericServerView;
}
