export { startSftpServer, type SftpServer } from './startSftpServer.js';
