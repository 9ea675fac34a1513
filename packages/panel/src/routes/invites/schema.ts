import { AcceptInviteRequest, InviteParams, InviteResponse, SessionResponse, responses } from '@outpost/shared';

export const getInviteSchema = {
  summary: 'Who an invitation link is for and to which server; an expired, used or forged link answers ErrInviteLinkInvalid',
  tags: ['auth'],
  params: InviteParams,
  response: responses({ 200: InviteResponse }),
};

export const acceptInviteSchema = {
  summary: 'Accept an invitation: create the account with the invited email and the chosen username and password, grant the invited permissions and sign in',
  tags: ['auth'],
  body: AcceptInviteRequest,
  response: responses({ 200: SessionResponse }),
};
