import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REALTIME_LIMITS, publicChannel } from '@cadran/domain/realtime';
import { openRealtimeBus } from './bus';
import { RealtimeHub } from './hub';
import { RealtimeTokens } from './token';

/**
 * Realtime messaging, used only to refresh the roadmap live
 * (docs/product.md 'Roadmap' ('Live refresh')). Routes publish with `app.realtime.publish`; the
 * event reaches this process's sockets at once and the other processes' sockets through PostgreSQL
 * NOTIFY (modules/realtime/bus.ts).
 */

export interface PublishInput {
  name: string;
  data: unknown;
  /** Defaults to the site's public channel, `{host of PUBLIC_URL}:public`. */
  channel?: string;
  /** Realtime client id of the request's author, which does not receive the event. */
  publisher?: string | null;
}

export interface Realtime {
  /** The public channel of this site, as published on. */
  readonly publicChannel: string;
  readonly tokens: RealtimeTokens;
  readonly hub: RealtimeHub;
  /** Never throws: a change already saved must not fail because a notification did. */
  publish(input: PublishInput): Promise<void>;
  /**
   * Runs `listener` for every event published here or by another process (caches that an
   * event makes stale drop their copy this way).
   */
  onEvent(listener: (name: string) => void): void;
  /** One heartbeat round (run on a timer; tests call it directly). */
  sweep(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface RealtimePluginOptions {
  pingIntervalMs?: number;
}

async function realtimePlugin(app: FastifyInstance, options: RealtimePluginOptions) {
  const hub = new RealtimeHub();
  // Registered before @fastify/websocket so it runs first: clients hear 1001 "going away"
  // (come back later) rather than a bare close.
  app.addHook('preClose', (done) => {
    hub.closeAll('Server shutting down');
    done();
  });
  await app.register(websocket, { options: { maxPayload: REALTIME_LIMITS.maxFrameBytes } });

  const origin = randomUUID();
  const listeners: ((name: string) => void)[] = [];
  const notify = (name: string) => {
    for (const listener of listeners) listener(name);
  };
  const channel = publicChannel(new URL(app.config.publicUrl).host);
  const bus = await openRealtimeBus(
    app.db,
    (message) => {
      // This process delivered its own events when it published them.
      if (message.origin === origin) return;
      notify(message.name);
      hub.deliver(message);
    },
    app.log,
  );

  const realtime: Realtime = {
    publicChannel: channel,
    tokens: new RealtimeTokens(app.config.sessionSecret),
    hub,
    async publish({ name, data, channel: target = channel, publisher = null }) {
      notify(name);
      hub.deliver({ channel: target, name, data, publisher });
      try {
        await bus.publish({ v: 1, origin, channel: target, name, data, publisher });
      } catch (error) {
        app.log.error({ err: error, event: name }, 'realtime event not sent to other processes');
      }
    },
    onEvent: (listener) => {
      listeners.push(listener);
    },
    sweep: () => hub.sweep(),
  };
  app.decorate('realtime', realtime);

  const timer = setInterval(() => {
    const terminated = hub.sweep();
    if (terminated > 0) app.log.info({ terminated }, 'realtime: dead sockets terminated');
  }, options.pingIntervalMs ?? REALTIME_LIMITS.serverPingIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await bus.close();
  });
}

export default fp(realtimePlugin, {
  name: 'realtime',
  dependencies: ['db'],
  fastify: '5.x',
});
