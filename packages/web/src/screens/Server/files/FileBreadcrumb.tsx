import { useState, type DragEvent } from 'react';
import { Anchor, Breadcrumbs, Text, VisuallyHidden } from '@mantine/core';
import { IconServer } from '@tabler/icons-react';
import { useTranslation } from '../../../translation/useTranslation';
import { isEntryDrag } from './entryDrag';

interface FileBreadcrumbProps {
  path: string;
  onOpen: (path: string) => void;
  /** Rows dropped on a folder of the path (the one shown takes none); absent for readers. */
  onDropEntries?: (event: DragEvent, folder: string) => void;
}

/** The folder shown, each folder above it a link (and, for writers, a place to drop rows onto). */
export function FileBreadcrumb({ path, onOpen, onDropEntries }: FileBreadcrumbProps) {
  const { t } = useTranslation();
  const [over, setOver] = useState<string | null>(null);
  const names = path.split('/').filter(Boolean);
  const places = [{ label: t('files.root'), path: '/' }, ...names.map((name, i) => ({ label: name, path: '/' + names.slice(0, i + 1).join('/') }))];
  return (
    <Breadcrumbs separatorMargin={4} aria-label={t('files.breadcrumb')} data-testid="file-path" style={{ flexWrap: 'wrap' }}>
      {places.map((place, i) => {
        const current = i === places.length - 1;
        // The server folder is drawn as an icon; its name is there for screen readers and as a tooltip.
        const label =
          i === 0 ? (
            <>
              <IconServer size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
              <VisuallyHidden>{place.label}</VisuallyHidden>
            </>
          ) : (
            place.label
          );
        const named = i === 0 ? { title: place.label } : {};
        if (current) {
          return (
            <Text key={place.path} size="sm" ff="monospace" aria-current="location" {...named}>
              {label}
            </Text>
          );
        }
        const drops = onDropEntries && {
          onDragOver: (event: DragEvent) => {
            if (!isEntryDrag(event.dataTransfer)) return;
            event.preventDefault();
            setOver(place.path);
          },
          onDragLeave: () => setOver(null),
          onDrop: (event: DragEvent) => {
            setOver(null);
            onDropEntries(event, place.path);
          },
        };
        return (
          <Anchor
            key={place.path}
            component="button"
            type="button"
            size="sm"
            ff="monospace"
            {...named}
            onClick={() => onOpen(place.path)}
            data-crumb={place.path}
            style={over === place.path ? { outline: '2px dashed var(--mantine-color-blue-6)', borderRadius: 4 } : undefined}
            {...drops}
          >
            {label}
          </Anchor>
        );
      })}
    </Breadcrumbs>
  );
}
