import { createHmac } from 'node:crypto';
import type { ActivityActor, WebhookBody, WebhookFormat } from '@outpost/shared';

/** What a delivery says, whatever its format. */
export interface WebhookMessage {
  delivery: string;
  webhook: number;
  event: string;
  time: string;
  actor: ActivityActor;
  server: { id: string; name: string } | null;
  data: Record<string, unknown>;
}

/** `sha256=<hex HMAC-SHA256 of the body, keyed with the hook's secret>`, as X-Outpost-Signature carries it. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

// Discord's documented limits of an embed (developers/resources/message#embed-object-embed-limits).
const TITLE_MAX = 256;
const DESCRIPTION_MAX = 4096;
const FIELD_NAME_MAX = 256;
const FIELD_VALUE_MAX = 1024;
const FIELDS_MAX = 25;
/** Title, description and every field's name and value together. */
const EMBED_TOTAL_MAX = 6000;

const RED = 0xe74c3c;
const GREEN = 0x2ecc71;
const GREY = 0x95a5a6;
const BLUE = 0x3498db;

/** An embed's colour: red for what went wrong, green for what came up, grey for what went down. */
function colourOf(event: string): number {
  if (/(crashed|failed|gaveup|refused|offline)$/.test(event)) return RED;
  if (/(started|recovered|finished|online|created|restored)$/.test(event)) return GREEN;
  if (/(stopped|killed|deleted|removed)$/.test(event)) return GREY;
  return BLUE;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A payload value as a field shows it: text as is, a list of lines one per line, the rest as JSON. */
function fieldValue(value: unknown): string {
  if (typeof value === 'string') return value || '-';
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join('\n') || '-';
  return JSON.stringify(value) ?? '-';
}

/**
 * Discord's webhook body: one embed titled with the event, the actor in the description, the
 * server and each payload entry as a field, cut to Discord's limits so it is never refused.
 */
function discordBody(message: WebhookMessage): { embeds: { title: string; description: string; color: number; fields: { name: string; value: string; inline: boolean }[]; timestamp: string }[] } {
  const candidates = [
    ...(message.server ? [{ name: 'Server', value: cut(message.server.name || message.server.id, FIELD_VALUE_MAX), inline: true }] : []),
    ...Object.entries(message.data).map(([name, value]) => {
      const text = fieldValue(value);
      // Console lines and file lists read better full width, in a code block.
      const long = text.includes('\n') || text.length > 60;
      return { name: cut(name, FIELD_NAME_MAX), value: long ? `\`\`\`\n${cut(text, FIELD_VALUE_MAX - 8)}\n\`\`\`` : cut(text, FIELD_VALUE_MAX), inline: !long };
    }),
  ];
  const title = cut(message.server ? `${message.event} · ${message.server.name || message.server.id}` : message.event, TITLE_MAX);
  const description = cut(`by ${message.actor.name} (${message.actor.type})`, DESCRIPTION_MAX);
  // Fields in order while the whole embed stays within Discord's total.
  let left = EMBED_TOTAL_MAX - title.length - description.length;
  const fields: typeof candidates = [];
  for (const field of candidates.slice(0, FIELDS_MAX)) {
    left -= field.name.length + field.value.length;
    if (left < 0) break;
    fields.push(field);
  }
  return {
    embeds: [
      {
        title,
        description,
        color: colourOf(message.event),
        fields,
        timestamp: message.time,
      },
    ],
  };
}

/** The bytes a delivery sends, in the hook's format; kept with the delivery so a retry sends the same. */
export function webhookBody(format: WebhookFormat, message: WebhookMessage): string {
  if (format === 'discord') return JSON.stringify(discordBody(message));
  const body: WebhookBody = message;
  return JSON.stringify(body);
}
