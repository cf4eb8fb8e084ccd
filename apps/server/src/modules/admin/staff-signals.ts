import type { FastifyInstance } from 'fastify';
import { invalidateCatalogCache } from '../catalog/service';

/**
 * Staff changes that other server processes must hear (docs/decisions/030-staff-catalogue-and-licences.md).
 * A process keeps catalogue answers, the pages drawn from them and validate answers in its own
 * memory; the process that made a change drops its own at once, and announces the change on
 * the realtime bus (PostgreSQL NOTIFY, as roadmap changes travel), so every other process drops
 * its copy too instead of serving it until it expires. The channel is not a public one: no
 * browser can subscribe to it, and the event carries no data (no licence key leaves the server).
 */

/** Not `{host}:public`: sockets can never subscribe to it (modules/realtime/connection.ts). */
export const STAFF_CHANGES_CHANNEL = 'cadran:staff-changes';
export const CATALOG_CHANGED_EVENT = 'catalog:changed';
export const LICENSE_CHANGED_EVENT = 'license:changed';

/** Drops what an announced change made stale, whichever process announced it. */
export function listenToStaffChanges(app: FastifyInstance): void {
  app.realtime.onEvent((name) => {
    if (name === CATALOG_CHANGED_EVENT) invalidateCatalogCache();
    else if (name === LICENSE_CHANGED_EVENT) app.licenses.forgetAllValidated();
  });
}

/** Tells every process, this one included, that `name` changed. Never throws. */
export function announceStaffChange(
  app: FastifyInstance,
  name: typeof CATALOG_CHANGED_EVENT | typeof LICENSE_CHANGED_EVENT,
): Promise<void> {
  return app.realtime.publish({ name, data: {}, channel: STAFF_CHANGES_CHANNEL });
}
