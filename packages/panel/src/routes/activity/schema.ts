import { ActivityListResponse, ActivityQuery, SelfActivityQuery, ServerActivityQuery, ServerParams, responses } from '@outpost/shared';

export const serverActivitySchema = {
  summary: "A server's activity, newest first (viewServerActivity); `event` takes a name or a dotted prefix, `actor` an actor's id",
  tags: ['activity'],
  params: ServerParams,
  querystring: ServerActivityQuery,
  response: responses({ 200: ActivityListResponse }),
};

export const panelActivitySchema = {
  summary: 'Every activity entry, newest first (activity.view); `server` keeps one server, `user` the entries about one account',
  tags: ['activity'],
  querystring: ActivityQuery,
  response: responses({ 200: ActivityListResponse }),
};

export const selfActivitySchema = {
  summary: "The caller's own account's activity, newest first: what they did and the failed sign-ins to it",
  tags: ['activity'],
  querystring: SelfActivityQuery,
  response: responses({ 200: ActivityListResponse }),
};
