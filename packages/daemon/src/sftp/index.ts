export { startSftpServer, type SftpServer, type SftpServerOptions, type SftpLogin, type SftpSessionInfo } from './startSftpServer.js';
export { loadOrCreateHostKey } from './hostKey.js';
