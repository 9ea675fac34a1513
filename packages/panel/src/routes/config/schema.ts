import { AppConfig, responses } from '@outpost/shared';

export const configSchema = {
  summary: 'Branding, themes and whether self-registration is open',
  tags: ['config'],
  response: responses({ 200: AppConfig }),
};
