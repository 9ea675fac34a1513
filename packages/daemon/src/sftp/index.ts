export { startSftpServer, type SftpLogin, type SftpServer } from './startSftpServer.js';
export type { SftpChange } from './SftpSession.js';
