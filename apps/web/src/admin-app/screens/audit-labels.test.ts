import { AUDIT_ACTIONS, AUDIT_AREAS } from '@cadran/domain/audit';
import { describe, expect, it } from 'vitest';
import fr from '../../locales/fr/admin-content.json';

// The audit screen names every action and area the server records; English has the same keys
// (locales.test.ts), so French is enough to check here.
describe('audit trail labels', () => {
  const { actions, areas } = fr.audit as {
    actions: Record<string, Record<string, string>>;
    areas: Record<string, string>;
  };

  it('names every action the server records', () => {
    const missing = AUDIT_ACTIONS.filter((action) => {
      const [area = '', verb = ''] = action.split('.');
      return !actions[area]?.[verb];
    });
    expect(missing).toEqual([]);
  });

  it('names every area, and no action the server does not record', () => {
    expect(AUDIT_AREAS.filter((area) => !areas[area])).toEqual([]);
    const labelled = Object.entries(actions).flatMap(([area, verbs]) =>
      Object.keys(verbs).map((verb) => `${area}.${verb}`),
    );
    expect(labelled.sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});
