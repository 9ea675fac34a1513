import { useParams } from 'react-router';
import { useServer } from '../../api/servers';
import { QueryState } from '../../components/QueryState';
import { viewFor } from './serverViews';

/** /server/:id: loads the server with the user's permissions and shows the view for its type. */
export default function ServerScreen() {
  const { id = '' } = useParams();
  const server = useServer(id);
  return (
    <QueryState query={server} skeletonRows={8}>
      {(detail) => {
        const View = viewFor(detail.server.type);
        return <View key={detail.server.id} server={detail.server} permissions={detail.permissions} />;
      }}
    </QueryState>
  );
}
