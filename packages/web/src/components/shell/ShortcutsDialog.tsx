import { Group, Kbd, Modal, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { useTranslation } from '../../translation/useTranslation';
import { navRoutes } from '../../routes';
import { serverTabs } from '../../screens/Server/serverTabs';

/** A row: the keys pressed one after another (each may be a chord written "Ctrl+S"), and what they do. */
type Row = [keys: string, what: string];

function Keys({ keys }: { keys: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      {keys.split(' ').map((key, index) => (
        <Kbd key={index}>{key}</Kbd>
      ))}
    </Group>
  );
}

function Section({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {title}
      </Title>
      <Table verticalSpacing={4} withRowBorders={false}>
        <Table.Tbody>
          {rows.map(([keys, what]) => (
            <Table.Tr key={keys}>
              <Table.Td w={110}>
                <Keys keys={keys} />
              </Table.Td>
              <Table.Td>{what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The cheat-sheet `?` opens: every keyboard shortcut of the panel, by where it works. */
export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const onMac = /Mac|iPhone|iPad/.test(navigator.platform);
  const general: Row[] = [
    ['?', t('shortcuts.help')],
    ['Esc', t('shortcuts.close')],
    [onMac ? '⌘+S' : 'Ctrl+S', t('shortcuts.save')],
  ];
  const goTo: Row[] = navRoutes.map((route) => [`g ${route.nav.shortcut}`, t(route.nav.label)]);
  const tabs: Row[] = serverTabs.map((tab) => [`t ${tab.key}`, t(`server.tabs.${tab.id}`)]);
  const power: Row[] = [
    ['r r', `${t('server.start')} / ${t('server.restart')}`],
    ['r s', t('server.stop')],
    ['r k', t('server.kill')],
    ['r i', t('server.install')],
  ];
  const consoleRows: Row[] = [
    ['c i', t('console.command')],
    ['c p', `${t('console.pause')} / ${t('console.resume')}`],
  ];
  const files: Row[] = [
    ['u', t('files.upload')],
    ['n f', t('files.newFile')],
    ['n d', t('files.newFolder')],
    ['r', t('files.refresh')],
  ];
  return (
    <Modal opened={opened} onClose={onClose} title={t('shortcuts.title')} size="xl" data-testid="shortcuts-dialog">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="lg">
          <Section title={t('shortcuts.general')} rows={general} />
          <Section title={t('shortcuts.goTo')} rows={goTo} />
          <Section title={t('server.tabs.console')} rows={consoleRows} />
        </Stack>
        <Stack gap="lg">
          <Section title={t('shortcuts.serverTabs')} rows={tabs} />
          <Section title={t('shortcuts.power')} rows={power} />
          <Section title={t('server.tabs.files')} rows={files} />
        </Stack>
      </SimpleGrid>
    </Modal>
  );
}
