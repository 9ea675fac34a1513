import { useState } from 'react';
import { Alert, Button, Checkbox, Code, CopyButton, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from '../../translation/useTranslation';

/** Saves the codes as a text file, one a line, named after the panel's host. */
function downloadCodes(codes: string[]): void {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `outpost-recovery-codes-${location.hostname}.txt`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The ten recovery codes, shown this once: copy or download them, then say they are saved.
 * `onSaved` runs only after the user ticked that they have.
 */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Alert color="yellow" variant="light" title={t('account.recovery.title')}>
        {t('account.recovery.shownOnce')}
      </Alert>
      <SimpleGrid cols={2} spacing="xs">
        {codes.map((code) => (
          <Code key={code} fz="sm" ta="center" py={6} data-testid="recovery-code">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" size="xs" onClick={copy} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}>
              {copied ? t('common.copied') : t('common.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" size="xs" onClick={() => downloadCodes(codes)} leftSection={<IconDownload size={14} />}>
          {t('account.recovery.download')}
        </Button>
      </Group>
      <Checkbox label={t('account.recovery.saved')} checked={saved} onChange={(e) => setSaved(e.currentTarget.checked)} data-testid="recovery-saved" />
      <Group justify="flex-end">
        <Button onClick={onSaved} disabled={!saved} data-testid="recovery-done">
          {t('account.recovery.continue')}
        </Button>
      </Group>
    </Stack>
  );
}
