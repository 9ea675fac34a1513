import { Stack } from '@mantine/core';
import { Scopes } from '@outpost/shared';
import { Can } from '../../../components/Can';
import type { ServerViewProps } from '../serverViews';
import { FileManager } from './FileManager';
import { SftpCard } from './SftpCard';

/** The file manager and the SFTP card (spec sections 2.5 and 2.6), each for those who may use it. */
export default function FilesTab({ server, permissions }: ServerViewProps) {
  return (
    <Stack gap="md">
      <Can scope={Scopes.ServersFilesGet} server={permissions}>
        <FileManager server={server} permissions={permissions} />
      </Can>
      <Can scope={Scopes.ServersFiles} server={permissions}>
        <SftpCard server={server} />
      </Can>
    </Stack>
  );
}
