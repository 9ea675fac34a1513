import { Scopes, type Scope } from '@outpost/shared';
import { LazyShell } from './components/shell/LazyShell';
import { lazyComponent, type LazyComponent } from './lazyComponent';
import type { ScreenName } from './screenLoaders';
import { matchPath } from './router/matchPath';

/** The menu's icons, by name; the icons' code stays out of the sign-in page. */
export type NavIcon = 'account' | 'servers' | 'nodes' | 'users' | 'templates' | 'activity' | 'settings';

export interface NavEntry {
  /** Catalogue key of the menu label. */
  label: string;
  /** Drawn by the menu (`components/shell/navIcons.ts`), which only the signed-in frame loads. */
  icon: NavIcon;
  /** Second key of the `g <key>` shortcut. */
  shortcut: string;
}

export interface RouteEntry {
  path: string;
  screen: LazyComponent;
  /** Public screens have no sidebar and need no session. */
  public?: boolean;
  /** Drawn without waiting for the query cache's code (the sign-in page: the first thing a visitor loads). */
  withoutQueries?: boolean;
  /** Present when the route is a menu entry; the menu hides it without `scope`. */
  nav?: NavEntry;
  /** Who may open the screen: others get the not-allowed card (ScopeGate) in its place. */
  scope?: Scope;
  /** Catalogue key of what that card says, when the screen has more to say than the general words. */
  refusal?: string;
}

// Every screen loads on demand (spec section 2), so the first page pulls in only what it shows. Their
// loaders, each with the list of chunks its screen needs, are a module of their own (screenLoaders.ts):
// the sign-in page's entry holds only the Login screen's.
const screen = (name: ScreenName): LazyComponent => lazyComponent(async () => (await import('./screenLoaders')).screenLoaders[name]());

/** The one table of routes (spec section 2), in menu order for the entries that have one. */
export const routes: RouteEntry[] = [
  { path: '/account', screen: screen('accountScreen'), nav: { label: 'nav.account', icon: 'account', shortcut: 'a' } },
  { path: '/server', screen: screen('serversScreen'), nav: { label: 'nav.servers', icon: 'servers', shortcut: 's' }, scope: Scopes.ServersView },
  { path: '/node', screen: screen('nodesScreen'), nav: { label: 'nav.nodes', icon: 'nodes', shortcut: 'n' }, scope: Scopes.NodesView },
  { path: '/user', screen: screen('usersScreen'), nav: { label: 'nav.users', icon: 'users', shortcut: 'u' }, scope: Scopes.UsersView },
  { path: '/template', screen: screen('templatesScreen'), nav: { label: 'nav.templates', icon: 'templates', shortcut: 't' }, scope: Scopes.TemplatesView },
  { path: '/activity', screen: screen('activityScreen'), nav: { label: 'nav.activity', icon: 'activity', shortcut: 'l' }, scope: Scopes.ActivityView },
  { path: '/settings', screen: screen('settingsScreen'), nav: { label: 'nav.settings', icon: 'settings', shortcut: 'c' }, scope: Scopes.ServersAdmin, refusal: 'settings.notAllowed' },
  { path: '/addserver', screen: screen('addServerScreen'), scope: Scopes.ServersCreate },
  // Below the server, its tab and (files) folder: serverLocation.ts.
  { path: '/server/:id/*?', screen: screen('serverScreen') },
  { path: '/user/:id', screen: screen('userScreen'), scope: Scopes.UsersView },
  { path: '/adduser', screen: screen('addUserScreen') },
  { path: '/template/:id', screen: screen('templateScreen'), scope: Scopes.TemplatesView },
  { path: '/addtemplate', screen: screen('addTemplateScreen'), scope: Scopes.TemplatesEdit },
  { path: '/node/:id', screen: screen('nodeScreen'), scope: Scopes.NodesView },
  { path: '/addnode', screen: screen('addNodeScreen'), scope: Scopes.NodesEdit },
  { path: '/errors/404', screen: screen('notFoundScreen') },
  { path: '/auth/login', screen: lazyComponent(() => import('./screens/Login/LoginScreen')), public: true, withoutQueries: true },
  { path: '/auth/register', screen: screen('registerScreen'), public: true },
  { path: '/auth/invite', screen: screen('inviteScreen'), public: true },
  { path: '/auth/forgot', screen: screen('forgotPasswordScreen'), public: true },
  { path: '/auth/reset', screen: screen('resetPasswordScreen'), public: true },
];

export const navRoutes = routes.filter((r): r is RouteEntry & { nav: NavEntry } => r.nav !== undefined);

/**
 * Starts fetching the code of the screen at `pathname` (and, signed in, the frame around it)
 * while the app is still starting, so a cold load does not wait for one chunk after another;
 * resolves when that code is here.
 */
export function preloadScreen(pathname: string, signedIn: boolean): Promise<unknown> {
  const entry = routes.find((r) => matchPath(r.path, pathname));
  if (!entry) return Promise.resolve();
  return Promise.all([entry.screen.preload(), signedIn && !entry.public ? LazyShell.preload() : undefined]);
}
