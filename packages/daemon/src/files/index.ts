export { ServerFiles, type FileEntry } from './ServerFiles.js';
export { MaxEditableFileSize, ArchiveExtensions, ImageExtensions, archiveNameFor, isArchiveName, isImageName } from './fileLimits.js';
export { resolveInside, isInside } from './resolveInside.js';
