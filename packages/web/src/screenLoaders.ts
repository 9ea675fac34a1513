import type { ComponentType } from 'react';

// The loaders of every screen but Login (routes.ts), in a module of their own: Vite gives each the list
// of chunks its screen needs, fetched beside it, and these lists stay out of the sign-in page's entry.
const loaders = {
  accountScreen: () => import('./screens/Account/AccountScreen'),
  serversScreen: () => import('./screens/Servers/ServersScreen'),
  nodesScreen: () => import('./screens/Nodes/NodesScreen'),
  usersScreen: () => import('./screens/Users/UsersScreen'),
  templatesScreen: () => import('./screens/Templates/TemplatesScreen'),
  activityScreen: () => import('./screens/Activity/ActivityScreen'),
  settingsScreen: () => import('./screens/Settings/SettingsScreen'),
  addServerScreen: () => import('./screens/AddServer/AddServerScreen'),
  serverScreen: () => import('./screens/Server/ServerScreen'),
  userScreen: () => import('./screens/User/UserScreen'),
  addUserScreen: () => import('./screens/AddUser/AddUserScreen'),
  templateScreen: () => import('./screens/Template/TemplateScreen'),
  addTemplateScreen: () => import('./screens/AddTemplate/AddTemplateScreen'),
  nodeScreen: () => import('./screens/Node/NodeScreen'),
  addNodeScreen: () => import('./screens/AddNode/AddNodeScreen'),
  notFoundScreen: () => import('./screens/NotFound/NotFoundScreen'),
  registerScreen: () => import('./screens/Register/RegisterScreen'),
  inviteScreen: () => import('./screens/Invite/InviteScreen'),
  forgotPasswordScreen: () => import('./screens/ForgotPassword/ForgotPasswordScreen'),
  resetPasswordScreen: () => import('./screens/ResetPassword/ResetPasswordScreen'),
};

export type ScreenName = keyof typeof loaders;

export const screenLoaders: Record<ScreenName, () => Promise<{ default: ComponentType }>> = loaders;
