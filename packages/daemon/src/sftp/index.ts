export { startSftpServer, type SftpServer } from './startSftpServer.js';
export { loadOrCreateHostKey } from './hostKey.js';
