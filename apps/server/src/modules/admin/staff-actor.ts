import type { FastifyRequest } from 'fastify';
import type { StaffActor } from '../../audit/staff-audit';
import { currentAccount } from '../auth/current-account';

/** The signed-in staff member behind a back-office request, as the audit trail names them. */
export function staffActor(request: FastifyRequest): StaffActor {
  const account = currentAccount(request);
  return { id: account.id, email: account.email };
}
