import { Type } from 'typebox';

const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('draining'), Type.Literal('database unavailable')]),
  /** Whether this instance runs the once-only jobs now (services/cluster/): one of the panels sharing a database does. */
  leader: Type.Boolean(),
});

export const healthSchema = {
  summary: 'Whether this instance takes requests: 200 ok, or 503 while it stops (draining) or its database does not answer',
  // For load balancers, not API clients: the OpenAPI document leaves it out.
  hide: true,
  response: { 200: Health, 503: Health },
};
