import { useRef, useState } from 'react';
import type { ResumableUpload } from '../../../api/resumableUpload';
import { notifyError, notifySuccess } from '../../../components/notify';
import { i18n } from '../../../i18n';
import { joinPath } from './fileKinds';

export interface UploadProgress {
  name: string;
  /** Of the file the panel holds; undefined until known (an earlier upload of it may have got far). */
  fraction?: number;
  paused: boolean;
}

/**
 * Uploads files one after another into a folder, each resumable (api/resumableUpload.ts): with
 * its progress, pause and resume; a file picked again after a reload goes on where it stopped.
 */
export function useUploads(serverId: string, onDone: () => void) {
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const current = useRef<{ index: number; upload: ResumableUpload } | null>(null);
  const update = (index: number, change: Partial<UploadProgress>) => setUploads((old) => old.map((entry, i) => (i === index ? { ...entry, ...change } : entry)));

  const upload = async (folder: string, files: File[]) => {
    if (files.length === 0) return;
    setUploads(files.map((file) => ({ name: file.name, paused: false })));
    const { startResumableUpload } = await import('../../../api/resumableUpload');
    for (const [index, file] of files.entries()) {
      const started = startResumableUpload(serverId, joinPath(folder, file.name), file, {
        onProgress: (sent, total) => update(index, { fraction: total > 0 ? sent / total : 1 }),
        onResumed: (from) => {
          update(index, { fraction: from / file.size });
          notifySuccess(i18n.t('files.uploadResumed', { name: file.name, percent: Math.floor((from / file.size) * 100) }));
        },
      });
      current.current = { index, upload: started };
      try {
        await started.done;
      } catch (error) {
        notifyError(error);
      }
    }
    current.current = null;
    setUploads([]);
    onDone();
  };

  /** Pauses or resumes the upload under way. */
  const setPaused = (paused: boolean) => {
    const under = current.current;
    if (!under) return;
    if (paused) under.upload.pause();
    else under.upload.resume();
    update(under.index, { paused });
  };

  return { uploads, upload, pause: () => setPaused(true), resume: () => setPaused(false) };
}
