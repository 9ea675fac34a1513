import { useState, type FormEvent } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Paper, PasswordInput, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { OIDC_DEFAULT_SCOPES, OIDC_ICONS, panelScopes, type OidcClaimMapping, type OidcIcon as OidcIconName, type OidcProvider, type OidcProviderRequest } from '@outpost/shared';
import { errorMessage } from '../../api/errorMessage';
import { useDeleteOidcProvider, useOidcProviders, useSaveOidcProvider } from '../../api/oidc';
import { RemoveDialog } from '../../components/RemoveDialog';
import { OidcIcon } from '../../components/oidc/OidcIcon';
import { QueryState } from '../../components/QueryState';
import { useTranslation } from '../../translation/useTranslation';

/** `value = scope, scope` lines, the form's way of writing a claim's values and the scopes they grant. */
function mappingText(mapping: OidcClaimMapping | null): string {
  return mapping ? Object.entries(mapping.values).map(([value, scopes]) => `${value} = ${scopes.join(', ')}`).join('\n') : '';
}

function readMapping(claim: string, text: string): OidcClaimMapping | null {
  const values: Record<string, string[]> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at < 1) continue;
    values[line.slice(0, at).trim()] = line.slice(at + 1).split(',').map((s) => s.trim()).filter(Boolean);
  }
  return claim.trim() && Object.keys(values).length ? ({ claim: claim.trim(), values } as OidcClaimMapping) : null;
}

/** Settings: the OpenID Connect providers people may sign in with; the client secret is write-only. */
export function SingleSignOnCard() {
  const { t } = useTranslation();
  const providers = useOidcProviders();
  const remove = useDeleteOidcProvider();
  const [editing, setEditing] = useState<OidcProvider | 'new' | null>(null);
  const [removing, setRemoving] = useState<OidcProvider | null>(null);
  return (
    <Paper withBorder radius="md" p="lg" data-testid="single-sign-on">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={4}>{t('oidc.ssoTitle')}</Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('oidc.ssoDescription')}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setEditing('new')} data-testid="oidc-add">
          {t('oidc.add')}
        </Button>
      </Group>
      <QueryState query={providers} skeletonRows={2}>
        {(list) =>
          list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('oidc.noProviders')}
            </Text>
          ) : (
            <Table verticalSpacing="xs">
              <Table.Tbody>
                {list.map((provider) => (
                  <Table.Tr key={provider.id} data-testid={`oidc-provider-${provider.id}`}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <OidcIcon icon={provider.icon} />
                        <Text size="sm" fw={500}>
                          {provider.label}
                        </Text>
                        {!provider.enabled && (
                          <Badge size="sm" variant="light" color="gray">
                            {t('webhooks.off')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                        {provider.issuer}
                      </Text>
                    </Table.Td>
                    <Table.Td align="right">
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setEditing(provider)}>
                          {t('oidc.edit')}
                        </Button>
                        <Button size="xs" variant="default" color="red" onClick={() => setRemoving(provider)}>
                          {t('oidc.remove')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
      {editing && <ProviderForm provider={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      <RemoveDialog
        item={removing}
        idOf={(provider) => provider.id}
        remove={remove}
        title={t('oidc.remove')}
        message={removing?.label ?? ''}
        confirmLabel={t('oidc.remove')}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}

function ProviderForm({ provider, onClose }: { provider?: OidcProvider; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveOidcProvider();
  const [label, setLabel] = useState(provider?.label ?? '');
  const [icon, setIcon] = useState<OidcIconName>(provider?.icon ?? 'none');
  const [issuer, setIssuer] = useState(provider?.issuer ?? '');
  const [clientId, setClientId] = useState(provider?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [scopes, setScopes] = useState(provider?.scopes ?? OIDC_DEFAULT_SCOPES);
  const [createAccounts, setCreateAccounts] = useState(provider?.createAccounts ?? false);
  const [domains, setDomains] = useState(provider?.allowedDomains.join(', ') ?? '');
  const [claim, setClaim] = useState(provider?.claimMapping?.claim ?? '');
  const [values, setValues] = useState(mappingText(provider?.claimMapping ?? null));
  const [enabled, setEnabled] = useState(provider?.enabled ?? true);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: OidcProviderRequest = {
      label,
      icon,
      issuer,
      clientId,
      clientSecret,
      scopes,
      createAccounts,
      allowedDomains: domains.split(',').map((d) => d.trim()).filter(Boolean),
      claimMapping: readMapping(claim, values),
      enabled,
    };
    save.mutate({ id: provider?.id, provider: body }, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={onClose} title={provider ? provider.label : t('oidc.add')} size="lg">
      <form onSubmit={submit} data-testid="oidc-form">
        <Stack gap="sm">
          <Group grow>
            <TextInput label={t('oidc.label')} required value={label} onChange={(e) => setLabel(e.currentTarget.value)} name="label" />
            <Select
              label={t('oidc.icon')}
              data={OIDC_ICONS.map((value) => ({ value, label: value === 'none' ? t('oidc.iconNone') : value }))}
              value={icon}
              onChange={(value) => setIcon((value as OidcIconName | null) ?? 'none')}
              allowDeselect={false}
            />
          </Group>
          <TextInput label={t('oidc.issuer')} required placeholder="https://sso.example.com/application/o/outpost/" value={issuer} onChange={(e) => setIssuer(e.currentTarget.value)} name="issuer" />
          <Group grow>
            <TextInput label={t('oidc.clientId')} required value={clientId} onChange={(e) => setClientId(e.currentTarget.value)} name="clientId" />
            <PasswordInput
              label={t('oidc.clientSecret')}
              description={provider?.clientSecretSet ? t('oidc.clientSecretKeep') : undefined}
              value={clientSecret}
              onChange={(e) => setClientSecret(e.currentTarget.value)}
              name="clientSecret"
              autoComplete="new-password"
            />
          </Group>
          <TextInput label={t('oidc.scopes')} value={scopes} onChange={(e) => setScopes(e.currentTarget.value)} name="scopes" />
          <Checkbox label={t('oidc.createAccounts')} checked={createAccounts} onChange={(e) => setCreateAccounts(e.currentTarget.checked)} />
          <TextInput label={t('oidc.allowedDomains')} description={t('oidc.allowedDomainsHint')} value={domains} onChange={(e) => setDomains(e.currentTarget.value)} name="allowedDomains" />
          <TextInput label={t('oidc.claim')} placeholder="groups" value={claim} onChange={(e) => setClaim(e.currentTarget.value)} name="claim" />
          <Textarea
            label={t('oidc.claimValues')}
            description={t('oidc.claimValuesHint')}
            placeholder={`outpost-admins = ${panelScopes[0]}`}
            autosize
            minRows={2}
            value={values}
            onChange={(e) => setValues(e.currentTarget.value)}
            name="claimValues"
          />
          <Checkbox label={t('oidc.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          {provider && (
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {t('oidc.redirectUri', { url: provider.redirectUri })}
            </Text>
          )}
          {save.error && (
            <Text size="sm" c="red">
              {errorMessage(t, save.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
