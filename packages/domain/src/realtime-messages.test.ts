import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseServerMessage, readTokenAnswer } from './realtime-messages';
import { RealtimeTokenResponseSchema } from './realtime';

/**
 * The browser reads the server's frames by hand; the rule is the one the schemas wrote before,
 * kept here as the reference: every frame below gets the same answer from both.
 */
const EventSchema = z.object({ channel: z.string(), name: z.string(), data: z.unknown() });
const ControlSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), channel: z.string() }),
  z.object({ type: z.literal('unsubscribed'), channel: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);

function asTheSchemasRead(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value === 'object' && value !== null && 'type' in value) {
    const control = ControlSchema.safeParse(value);
    return control.success ? control.data : null;
  }
  const event = EventSchema.safeParse(value);
  return event.success ? event.data : null;
}

const WELL_FORMED = [
  '{"channel":"a:public","name":"roadmap:update","data":{"id":3}}',
  '{"channel":"a:public","name":"roadmap:update","data":null}',
  '{"channel":"a:public","name":"x","data":[1,"two"],"extra":true}',
  '{"type":"pong"}',
  '{"type":"pong","extra":1}',
  '{"type":"subscribed","channel":"a:public"}',
  '{"type":"unsubscribed","channel":"a:public","at":5}',
  '{"type":"error","code":"too_many","message":"Slow down"}',
];

const MALFORMED = [
  'not json',
  '',
  '[]',
  '[{"type":"pong"}]',
  'null',
  'true',
  '42',
  '"pong"',
  '{}',
  '{"type":"nope"}',
  '{"type":null}',
  '{"type":"subscribed"}',
  '{"type":"subscribed","channel":7}',
  '{"type":"unsubscribed","channel":null}',
  '{"type":"error","code":"x"}',
  '{"type":"error","code":"x","message":5}',
  '{"channel":"a"}',
  '{"channel":"a","name":"b"}',
  '{"channel":"a","data":1}',
  '{"name":"b","data":1}',
  '{"channel":1,"name":"b","data":1}',
  '{"channel":"a","name":["b"],"data":1}',
  '{"__proto__":{"channel":"a","name":"b","data":1}}',
];

describe('parseServerMessage, written without the schema library', () => {
  it.each([...WELL_FORMED, ...MALFORMED])('reads %s as the schemas did', (text) => {
    expect(parseServerMessage(text)).toEqual(asTheSchemasRead(text));
  });

  it('keeps events and control answers, with only the fields it knows', () => {
    expect(parseServerMessage(WELL_FORMED[2] ?? '')).toStrictEqual({
      channel: 'a:public',
      name: 'x',
      data: [1, 'two'],
    });
    expect(parseServerMessage('{"type":"pong","extra":1}')).toStrictEqual({ type: 'pong' });
    expect(parseServerMessage('{"type":"error","code":"x","message":"y","z":0}')).toStrictEqual({
      type: 'error',
      code: 'x',
      message: 'y',
    });
  });

  it('refuses every malformed frame', () => {
    for (const text of MALFORMED) expect(parseServerMessage(text), text).toBeNull();
  });
});

describe('readTokenAnswer', () => {
  const answer = { success: true, token: 't.k', client_id: 'c'.repeat(22), expires_at: 'later' };

  it('gives the token and client id of an answer the server’s schema accepts', () => {
    expect(RealtimeTokenResponseSchema.safeParse(answer).success).toBe(true);
    expect(readTokenAnswer(answer)).toEqual({ token: 't.k', clientId: 'c'.repeat(22) });
  });

  it.each([
    null,
    'token',
    [],
    { ...answer, success: false },
    { ...answer, success: 'true' },
    { ...answer, token: 5 },
    { ...answer, client_id: undefined },
    { success: true, token: 't', client_id: 'c' },
  ])('refuses %j, as the schema does', (value) => {
    expect(RealtimeTokenResponseSchema.safeParse(value).success).toBe(false);
    expect(readTokenAnswer(value)).toBeNull();
  });
});
