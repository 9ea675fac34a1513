export { startSftpServer, type SftpServer } from './startSftpServer.js';
export type { SftpChange } from './SftpSession.js';
