import { Stack } from '@mantine/core';
import { Can } from '../../../components/Can';
import type { ServerViewProps } from '../serverViews';
import { FileManager } from './FileManager';
import { SftpCard } from './SftpCard';

/** The file manager and the SFTP card (spec sections 2.5 and 2.6), each for those who may use it. */
export default function FilesTab({ server }: ServerViewProps) {
  return (
    <Stack gap="md">
      <Can action="fileGet">
        <FileManager server={server} />
      </Can>
      <Can action="sftp">
        <SftpCard server={server} />
      </Can>
    </Stack>
  );
}
