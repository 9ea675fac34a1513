import type { Kysely } from 'kysely';
import type { OidcClaimMapping, OidcIcon } from '@outpost/shared';
import type { Database } from './schema.js';

export interface OidcProviderRow {
  id: number;
  label: string;
  icon: OidcIcon;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  createAccounts: boolean;
  allowedDomains: string[];
  claimMapping: OidcClaimMapping | null;
  enabled: boolean;
}

/** What a provider is made or changed with. */
export type OidcProviderFields = Omit<OidcProviderRow, 'id'>;

type Row = Omit<Database['oidc_providers'], 'id' | 'created_at'> & { id: number };

const columns = ['id', 'label', 'icon', 'issuer', 'client_id', 'client_secret', 'scopes', 'create_accounts', 'allowed_domains', 'claim_mapping', 'enabled'] as const;

function fromRow(row: Row): OidcProviderRow {
  return {
    id: Number(row.id),
    label: row.label,
    icon: row.icon as OidcIcon,
    issuer: row.issuer,
    clientId: row.client_id,
    clientSecret: row.client_secret,
    scopes: row.scopes,
    createAccounts: Number(row.create_accounts) === 1,
    allowedDomains: row.allowed_domains.split(' ').filter(Boolean),
    claimMapping: row.claim_mapping ? (JSON.parse(row.claim_mapping) as OidcClaimMapping) : null,
    enabled: Number(row.enabled) === 1,
  };
}

function toRow(fields: OidcProviderFields) {
  return {
    label: fields.label,
    icon: fields.icon,
    issuer: fields.issuer,
    client_id: fields.clientId,
    client_secret: fields.clientSecret,
    scopes: fields.scopes,
    create_accounts: fields.createAccounts ? 1 : 0,
    allowed_domains: fields.allowedDomains.join(' '),
    claim_mapping: fields.claimMapping ? JSON.stringify(fields.claimMapping) : null,
    enabled: fields.enabled ? 1 : 0,
  };
}

/** The oidc_providers table: the OpenID Connect providers people may sign in with. */
export function oidcProvidersRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<OidcProviderRow[]> {
      return (await db.selectFrom('oidc_providers').select(columns).orderBy('id').execute()).map(fromRow);
    },

    async byId(id: number): Promise<OidcProviderRow | undefined> {
      const row = await db.selectFrom('oidc_providers').select(columns).where('id', '=', id).executeTakeFirst();
      return row && fromRow(row);
    },

    async insert(fields: OidcProviderFields): Promise<number> {
      const createdAt = Date.now();
      await db.insertInto('oidc_providers').values({ ...toRow(fields), created_at: createdAt }).execute();
      // The newest row of this label: returning ids differ between dialects, and admins add one at a time.
      const row = await db.selectFrom('oidc_providers').select('id').where('label', '=', fields.label).orderBy('id', 'desc').executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async update(id: number, fields: OidcProviderFields): Promise<void> {
      await db.updateTable('oidc_providers').set(toRow(fields)).where('id', '=', id).execute();
    },

    /** Removes the provider and, with it, every account's link to it. */
    async delete(id: number): Promise<boolean> {
      await db.deleteFrom('oidc_links').where('provider_id', '=', id).execute();
      const result = await db.deleteFrom('oidc_providers').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
