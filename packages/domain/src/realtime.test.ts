import { describe, expect, it } from 'vitest';
import {
  RealtimeClientMessageSchema,
  isPublicChannel,
  parseServerMessage,
  publicChannel,
} from './realtime';

describe('public channels', () => {
  it('are named after the host the browser uses', () => {
    expect(publicChannel('cadran.fr')).toBe('cadran.fr:public');
    expect(publicChannel('127.0.0.1:3000')).toBe('127.0.0.1:3000:public');
  });

  it('accept host names, ports and IPv6, and nothing else', () => {
    for (const channel of ['cadran.fr:public', 'localhost:5173:public', '[::1]:3000:public']) {
      expect(isPublicChannel(channel), channel).toBe(true);
    }
    for (const channel of ['cadran.fr:private', ':public', 'a b:public', 'cadran.fr/x:public']) {
      expect(isPublicChannel(channel), channel).toBe(false);
    }
    expect(isPublicChannel(`${'a'.repeat(261)}:public`)).toBe(false);
  });
});

describe('client messages', () => {
  it('are subscribe, unsubscribe or ping', () => {
    expect(RealtimeClientMessageSchema.parse({ type: 'subscribe', channel: 'a:public' })).toEqual({
      type: 'subscribe',
      channel: 'a:public',
    });
    expect(RealtimeClientMessageSchema.safeParse({ type: 'publish', channel: 'x' }).success).toBe(
      false,
    );
    expect(RealtimeClientMessageSchema.safeParse({ type: 'subscribe' }).success).toBe(false);
  });
});

describe('parseServerMessage', () => {
  it('tells events from control answers', () => {
    expect(
      parseServerMessage('{"channel":"a:public","name":"roadmap:update","data":{"id":3}}'),
    ).toEqual({ channel: 'a:public', name: 'roadmap:update', data: { id: 3 } });
    expect(parseServerMessage('{"type":"pong"}')).toEqual({ type: 'pong' });
    expect(parseServerMessage('{"type":"error","code":"x","message":"y"}')).toEqual({
      type: 'error',
      code: 'x',
      message: 'y',
    });
  });

  it('returns null for anything else', () => {
    for (const text of ['not json', '[]', 'null', '{"type":"nope"}', '{"channel":"a"}']) {
      expect(parseServerMessage(text), text).toBeNull();
    }
  });
});
