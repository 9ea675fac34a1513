// The e2e harness: start the real app, open Chromium, sign in, take screenshots.
export { admin } from './startApp';
export { openBrowser, type Browser } from './browser';
export { signIn, signOut, submitLogin, typeCode, freshCode } from './auth';
export { screenshot } from './screenshot';
export { uniqueUser } from './uniqueUser';
export { appWithBrowserPerTest } from './perTest';
export { startDaemon, type RunningDaemon } from './startDaemon';
export { startApp, type RunningApp } from './startApp';
export { freePort } from './freePort';
export { callFromPage, consoleText, createServerFromPage } from './servers';
export { startCluster, type RunningCluster } from './startCluster';
