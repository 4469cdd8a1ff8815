/**
 * Socket.IO's own parser (`socket.io-parser`), with one difference: an event whose JSON does
 * not parse is still handed on, with `MALFORMED_PAYLOAD` as its payload, so the realtime seam
 * answers it with a validation error and the socket stays connected. The stock decoder throws,
 * and Socket.IO then closes the whole connection for one bad frame. A custom parser is
 * Socket.IO's published extension point (the server's `parser` option); the wire is unchanged.
 */
import { Decoder, Encoder, PacketType, type Packet } from 'socket.io-parser';

/** The payload of an event whose JSON did not parse. */
export const MALFORMED_PAYLOAD: unique symbol = Symbol('malformed payload');

/**
 * An event packet's type, namespace, acknowledgement id and event name, read from its text
 * when its JSON is broken: `2`, the namespace and a comma unless it is the main one, the id,
 * then `["event",`.
 */
const EVENT_HEAD = /^2(?:(\/[^,]*),)?(\d{1,9})?\["([^"\\]{1,64})"/;

function malformedEvent(text: string): Packet | null {
  const head = EVENT_HEAD.exec(text);
  if (!head) return null;
  const [, nsp, id, event] = head;
  return {
    type: PacketType.EVENT,
    nsp: nsp ?? '/',
    ...(id === undefined ? {} : { id: Number(id) }),
    data: [event, MALFORMED_PAYLOAD],
  };
}

class TolerantDecoder extends Decoder {
  override add(chunk: unknown): void {
    try {
      super.add(chunk);
    } catch (error) {
      const packet = typeof chunk === 'string' ? malformedEvent(chunk) : null;
      if (!packet) throw error;
      this.emitReserved('decoded', packet);
    }
  }
}

export const tolerantParser = { Encoder, Decoder: TolerantDecoder };
