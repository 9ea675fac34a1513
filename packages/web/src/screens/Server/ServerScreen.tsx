import { useParams } from '../../router/useParams';
import { ApiError } from '../../api/ApiError';
import { isServerId, useServer } from '../../api/servers';
import { QueryState } from '../../components/QueryState';
import { ServerPermissionsProvider } from '../../session/ServerPermissionsProvider';
import NotFoundScreen from '../NotFound/NotFoundScreen';
import { viewFor } from './serverViews';

/** An answer meaning "there is no such server here": gone, never there, or an id no server can have. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.code === 'ErrNotFound');

/**
 * /server/:id: loads the server with the user's permissions and shows the view for its type; an
 * id that cannot be a server's, or one the panel does not know, shows the not-found page.
 */
export default function ServerScreen() {
  const { id = '' } = useParams();
  const valid = isServerId(id);
  const server = useServer(id, { enabled: valid });
  if (!valid || (server.isError && isMissing(server.error))) return <NotFoundScreen />;
  return (
    <QueryState query={server} skeletonRows={8}>
      {(detail) => {
        const View = viewFor(detail.server.type);
        return (
          <ServerPermissionsProvider permissions={detail.permissions}>
            <View key={detail.server.id} server={detail.server} />
          </ServerPermissionsProvider>
        );
      }}
    </QueryState>
  );
}
