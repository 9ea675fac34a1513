import type { CatalogueLoader, Catalogue } from '../i18n';

// Tests read the catalogue files from disk instead of fetching them from a server.
const files = import.meta.glob<Catalogue>('@i18n/*.json', { import: 'default' });

export const readCatalogue: CatalogueLoader = async (locale) => files[Object.keys(files).find((path) => path.endsWith(`/${locale}.json`)) ?? '']?.();
