import type { TObject } from 'typebox';
import { assertBetween } from './assertBetween.js';

/**
 * Checks each number of a query against its schema's bounds once more. The validator turns "1e309"
 * or a 400-digit number into Infinity and then skips minimum and maximum for it, so without this
 * such a page or limit reached the database and answered 500; now it is 400 ErrFieldNotBetween.
 */
export function assertQueryNumbers(schema: TObject, query: object): void {
  for (const [field, value] of Object.entries(query)) {
    if (typeof value !== 'number') continue;
    const bounds = schema.properties[field] as { minimum?: number; maximum?: number } | undefined;
    assertBetween(value, bounds?.minimum ?? Number.MIN_SAFE_INTEGER, bounds?.maximum ?? Number.MAX_SAFE_INTEGER, field);
  }
}
