import { loadNamespaces } from '@/lib/i18n';
import { ADMIN_NAMESPACES } from './language';
import { useStaffSession, type StaffRole } from './session/session-store';

/** Opens the back office for a staff member of this role, as after a proved second factor. */
export async function signInAs(role: StaffRole): Promise<void> {
  await loadNamespaces(ADMIN_NAMESPACES);
  useStaffSession.setState({
    state: {
      kind: 'ready',
      user: {
        id: 'b0a6b6f4-3c1e-4a51-9a3e-5d1f0c2b7e11',
        email: `${role}@cadran.fr`,
        name: '',
        role,
      },
    },
  });
}
