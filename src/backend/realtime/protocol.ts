/** Phoenix channel frames as realtime-js speaks them: 1.0.0 (JSON objects) and 2.0.0 (JSON arrays). */

export type Vsn = '1.0.0' | '2.0.0';
export const SUPPORTED_VSN: readonly Vsn[] = ['1.0.0', '2.0.0'];

export interface PhoenixMessage {
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  ref: string | null;
  join_ref: string | null;
}

function refOf(v: unknown): string | null | undefined {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

function build(
  topic: unknown,
  event: unknown,
  payload: unknown,
  ref: unknown,
  joinRef: unknown,
): PhoenixMessage | null {
  if (typeof topic !== 'string' || typeof event !== 'string') return null;
  if (payload !== undefined && payload !== null && (typeof payload !== 'object' || Array.isArray(payload))) return null;
  const r = refOf(ref);
  const j = refOf(joinRef);
  if (r === undefined || j === undefined) return null;
  return { topic, event, payload: (payload ?? {}) as Record<string, unknown>, ref: r, join_ref: j };
}

const USER_BROADCAST_PUSH = 3;
const JSON_ENCODING = 1;

/**
 * realtime-js sends `broadcast` pushes as binary frames: kind 3, the lengths of join_ref, ref,
 * topic, event and metadata, the payload encoding, then those strings and the payload.
 */
function decodeBinaryBroadcast(buf: Buffer): PhoenixMessage | null {
  if (buf.length < 7 || buf[0] !== USER_BROADCAST_PUSH) return null;
  const lens = [buf[1], buf[2], buf[3], buf[4], buf[5]];
  const encoding = buf[6];
  let offset = 7;
  const parts: string[] = [];
  for (const len of lens) {
    if (offset + len > buf.length) return null;
    parts.push(buf.subarray(offset, offset + len).toString('utf8'));
    offset += len;
  }
  const [joinRef, ref, topic, event] = parts;
  let userPayload: unknown = null;
  if (encoding === JSON_ENCODING) {
    try {
      userPayload = JSON.parse(buf.subarray(offset).toString('utf8'));
    } catch {
      return null;
    }
  } else {
    // Binary user payloads are not relayed; the event itself still counts.
    userPayload = null;
  }
  return {
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event, payload: userPayload },
    ref: ref || null,
    join_ref: joinRef || null,
  };
}

/** Parses one incoming frame; `null` for anything that is not a well-formed message. */
export function decodeFrame(vsn: Vsn, data: Buffer, isBinary: boolean): PhoenixMessage | null {
  if (isBinary) return decodeBinaryBroadcast(data);
  let raw: unknown;
  try {
    raw = JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(raw) || raw.length !== 5) return null;
    const [joinRef, ref, topic, event, payload] = raw as unknown[];
    return build(topic, event, payload, ref, joinRef);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const m = raw as Record<string, unknown>;
  return build(m.topic, m.event, m.payload, m.ref, m.join_ref);
}

/** Serialises an outgoing message; `payloadJson` lets a caller reuse one encoded payload for many sockets. */
export function encodeFrame(
  vsn: Vsn,
  msg: { topic: string; event: string; ref: string | null; join_ref: string | null },
  payloadJson: string,
): string {
  const topic = JSON.stringify(msg.topic);
  const event = JSON.stringify(msg.event);
  const ref = JSON.stringify(msg.ref);
  const joinRef = JSON.stringify(msg.join_ref);
  if (vsn === '2.0.0') return `[${joinRef},${ref},${topic},${event},${payloadJson}]`;
  return `{"topic":${topic},"event":${event},"payload":${payloadJson},"ref":${ref},"join_ref":${joinRef}}`;
}
