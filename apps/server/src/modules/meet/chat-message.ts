import type { ChatMessage, ScamKind } from '@meeet/core/api/meet';
import type { MeetMessageRow } from './meet.schema.ts';

/** A stored message as its readers see it (the chat and the safety reports both show them). */
export function toChatMessage(row: MeetMessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    clientId: row.clientId,
    text: row.text,
    flags: row.flags as ScamKind[],
    createdAt: row.createdAt.toISOString(),
  };
}
