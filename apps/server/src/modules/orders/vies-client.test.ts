import { describe, expect, it } from 'vitest';
import { VIES_PAUSE_AFTER_FAILURE_MS, ViesClient, type Fetch } from './vies-client';

const config = { enabled: true, url: 'https://vies.test/check-vat-number', timeoutMs: 50 };

/** A VIES that fails the way `fate` says, counting the requests it was asked. */
function fakeVies(fate: () => 'valid' | 'network' | 'timeout' | 'status') {
  const asked: string[] = [];
  const fetchImpl: Fetch = (_url, init) => {
    const body = typeof init.body === 'string' ? init.body : '{}';
    asked.push((JSON.parse(body) as { countryCode: string }).countryCode);
    const outcome = fate();
    if (outcome === 'network') return Promise.reject(new TypeError('fetch failed'));
    if (outcome === 'timeout') return Promise.reject(new DOMException('timed out', 'TimeoutError'));
    if (outcome === 'status') return Promise.resolve(new Response('{}', { status: 503 }));
    return Promise.resolve(Response.json({ valid: true, requestIdentifier: 'WAPIAAAAWbq4ZGpL' }));
  };
  return { asked, fetchImpl };
}

describe('VIES client', () => {
  it('leaves a member state alone for a minute after a time-out, then asks again', async () => {
    let clock = 1_000_000;
    let fate: 'valid' | 'timeout' = 'timeout';
    const vies = fakeVies(() => fate);
    const client = new ViesClient(config, vies.fetchImpl, () => clock);

    expect(await client.check('DE', '136695976')).toEqual({
      kind: 'unavailable',
      reason: 'timeout',
    });
    fate = 'valid';
    expect(await client.check('DE', '136695976')).toMatchObject({ kind: 'unavailable' });
    // Another member state is still asked.
    expect(await client.check('AT', 'U13585627')).toMatchObject({ kind: 'valid' });
    expect(vies.asked).toEqual(['DE', 'AT']);

    clock += VIES_PAUSE_AFTER_FAILURE_MS;
    expect(await client.check('DE', '136695976')).toEqual({
      kind: 'valid',
      consultationNumber: 'WAPIAAAAWbq4ZGpL',
    });
    expect(vies.asked).toEqual(['DE', 'AT', 'DE']);
  });

  it('pauses after a network error too, but not after an answered failure', async () => {
    const clock = 5_000;
    let fate: 'network' | 'status' = 'status';
    const vies = fakeVies(() => fate);
    const client = new ViesClient(config, vies.fetchImpl, () => clock);

    // The member state's register down, said at once by VIES: the next number is asked anyway.
    expect(await client.check('IT', '00743110157')).toEqual({
      kind: 'unavailable',
      reason: 'status 503',
    });
    fate = 'network';
    expect(await client.check('IT', '00743110157')).toEqual({
      kind: 'unavailable',
      reason: 'network',
    });
    expect(await client.check('IT', '00743110157')).toMatchObject({ kind: 'unavailable' });
    expect(vies.asked).toEqual(['IT', 'IT']);
  });

  it('asks nothing when switched off', async () => {
    const vies = fakeVies(() => 'valid');
    const client = new ViesClient({ ...config, enabled: false }, vies.fetchImpl);
    expect(await client.check('DE', '136695976')).toEqual({
      kind: 'unavailable',
      reason: 'disabled',
    });
    expect(vies.asked).toEqual([]);
  });
});
