import { useState } from 'react';
import { useUploadFile } from '../../../api/files';
import { notifyError } from '../../../components/notify';
import { joinPath } from './fileKinds';

export interface UploadProgress {
  name: string;
  fraction: number;
}

/** Uploads files one after another into a folder, with each one's progress. */
export function useUploads(serverId: string, onDone: () => void) {
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const { mutateAsync: uploadFile } = useUploadFile(serverId);

  const upload = async (folder: string, files: File[]) => {
    if (files.length === 0) return;
    setUploads(files.map((file) => ({ name: file.name, fraction: 0 })));
    for (const [index, file] of files.entries()) {
      try {
        await uploadFile({
          path: joinPath(folder, file.name),
          file,
          onProgress: (fraction) => setUploads((old) => old.map((entry, i) => (i === index ? { ...entry, fraction } : entry))),
        });
      } catch (error) {
        notifyError(error);
      }
    }
    setUploads([]);
    onDone();
  };

  return { uploads, upload };
}
