import { describe, expect, it } from 'vitest';
import { valuesAfterSending } from './values-after-sending';

const empty = { name: '', email: '', message: '' };

describe('valuesAfterSending', () => {
  it('empties every field the visitor left as it was sent', () => {
    const sent = { name: 'Claire', email: 'claire@atelier.fr', message: 'Bonjour' };
    expect(valuesAfterSending({ ...sent }, sent, empty)).toEqual(empty);
  });

  it('keeps what was typed into a field while the form was being sent', () => {
    const sent = { name: 'Claire', email: 'claire@atelier.fr', message: 'Premier message' };
    const current = { ...sent, message: 'Premier message. Et une question de plus' };
    expect(valuesAfterSending(current, sent, empty)).toEqual({
      name: '',
      email: '',
      message: 'Premier message. Et une question de plus',
    });
  });

  it('keeps a field emptied during the send empty', () => {
    const sent = { name: 'Claire', email: 'claire@atelier.fr', message: 'Bonjour' };
    expect(valuesAfterSending({ ...sent, name: '' }, sent, empty)).toEqual(empty);
  });

  it('counts a field that has no empty value, such as a select left unset at first', () => {
    const sent: Record<string, string | undefined> = { ...empty, subject: 'support' };
    const current = { ...sent, subject: 'sales' };
    expect(valuesAfterSending(current, sent, { ...empty })).toEqual({ ...empty, subject: 'sales' });
  });
});
