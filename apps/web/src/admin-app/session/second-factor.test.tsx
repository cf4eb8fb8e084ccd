import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_HINT_COOKIE } from '@cadran/domain/constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { loadNamespaces } from '@/lib/i18n';
import { AppProviders } from '@/test/render';
import { json, mockFetch, requestBody, requestUrl } from '@/test/fetch';
import { adminApi } from '../api/admin-api';
import { ADMIN_NAMESPACES } from '../language';
import { EnrolmentStep } from './enrolment-step';
import { useStaffSession } from './session-store';
import { VerifyStep } from './verify-step';

const QR = '<svg xmlns="http://www.w3.org/2000/svg" data-qr="yes"><path d="M0 0h1v1H0z"/></svg>';
const SECRET = 'JBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `K7MQ-${String(i).padStart(4, '0')}-XW`);

const fetchMock = mockFetch();
const withText = (node: React.ReactNode) => render(node, { wrapper: AppProviders });

beforeEach(async () => {
  await loadNamespaces(ADMIN_NAMESPACES);
});

describe('setting up the second factor at first sign-in', () => {
  it('shows the QR code as an image, takes a first code, then gives the recovery codes once', async () => {
    fetchMock.mockImplementation((input) => {
      const url = requestUrl(input);
      if (url.endsWith('/second-factor/enrolment')) {
        return Promise.resolve(
          json(201, { success: true, secret: SECRET, otpauth_uri: 'otpauth://totp/x', qr_svg: QR }),
        );
      }
      return Promise.resolve(
        json(200, { success: true, recovery_codes: CODES, message: 'Application configurée.' }),
      );
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    withText(<EnrolmentStep required onDone={onDone} />);
    // Required: no way to put it off.
    expect(screen.queryByRole('button', { name: 'Plus tard' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Configurer l’application' }));

    const qr = await screen.findByRole('img', { name: /QR code à scanner/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    // The server's markup is never put into the page itself.
    expect(document.querySelector('[data-qr]')).toBeNull();
    expect(screen.getByText(SECRET)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Code à six chiffres/), '123456');
    await user.click(screen.getByRole('button', { name: 'Terminer la configuration' }));
    const confirm = fetchMock.mock.calls.find(([input]) => requestUrl(input).endsWith('/confirm'));
    expect(JSON.parse(requestBody(confirm?.[1]))).toEqual({ code: '123456' });

    const list = await screen.findByRole('list', { name: 'Vos codes de secours' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    const download = screen.getByRole('link', { name: 'Télécharger (.txt)' });
    expect(download).toHaveAttribute('download', 'cadran-recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toContain(CODES[9]);

    const open = screen.getByRole('button', { name: 'Ouvrir le back-office' });
    expect(open).toBeDisabled();
    await user.click(screen.getByLabelText('J’ai enregistré mes codes de secours en lieu sûr.'));
    await user.click(open);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('refuses a code that is not six digits before asking the server', async () => {
    fetchMock.mockResolvedValue(
      json(201, { success: true, secret: SECRET, otpauth_uri: 'otpauth://totp/x', qr_svg: QR }),
    );
    const user = userEvent.setup();
    withText(<EnrolmentStep required={false} onDone={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Plus tard' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Configurer l’application' }));
    await user.type(await screen.findByLabelText(/Code à six chiffres/), '12ab');
    await user.click(screen.getByRole('button', { name: 'Terminer la configuration' }));
    expect(await screen.findByText(/Code incorrect ou déjà utilisé/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('proving the second factor for a session', () => {
  it('takes a recovery code instead of the app’s code, and shows the server’s refusal', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, {
        success: false,
        message: 'staff.second_factor_invalid',
        errors: { recovery_code: ['staff.second_factor_invalid'] },
      }),
    );
    fetchMock.mockResolvedValueOnce(json(200, { success: true, message: 'Code accepté.' }));
    const onVerified = vi.fn();
    const user = userEvent.setup();
    withText(<VerifyStep onVerified={onVerified} />);
    await user.click(screen.getByRole('button', { name: 'Utiliser un code de secours' }));
    const field = screen.getByLabelText(/Code de secours/);
    await user.type(field, 'K7MQ-0000-XX');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText(/Code incorrect ou déjà utilisé/)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onVerified).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, 'K7MQ-0000-XW');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(onVerified).toHaveBeenCalledOnce();
    expect(JSON.parse(requestBody(fetchMock.mock.calls[1]?.[1]))).toEqual({
      recovery_code: 'K7MQ-0000-XW',
    });
  });
});

describe('a staff session that ends', () => {
  it('goes back to the sign-in, saying the session expired, on the first 401', async () => {
    useStaffSession.setState({
      state: { kind: 'ready', user: { id: 'x', email: 'a@cadran.fr', name: '', role: 'admin' } },
    });
    fetchMock.mockResolvedValue(json(401, { success: false, message: 'auth.unauthenticated' }));
    await expect(adminApi.get('/orders', z.unknown())).rejects.toMatchObject({ status: 401 });
    expect(useStaffSession.getState().state).toEqual({ kind: 'signed-out', expired: true });
  });
});

describe('an optional set-up put off', () => {
  const staff = {
    id: 'b0a6b6f4-3c1e-4a51-9a3e-5d1f0c2b7e11',
    email: 'support@cadran.fr',
    first_name: 'Léa',
    last_name: 'Martin',
    company: null,
    phone: null,
    address_line_1: null,
    city: null,
    postal_code: null,
    country: null,
    role: 'support',
    email_verified: true,
    locale: 'fr',
  };
  const answers = (required: boolean) => (input: RequestInfo | URL) =>
    Promise.resolve(
      requestUrl(input).endsWith('/auth/me')
        ? json(200, { success: true, user: staff })
        : json(200, {
            success: true,
            enrolled: false,
            verified: false,
            required,
            recovery_codes_left: 0,
          }),
    );

  beforeEach(() => {
    document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
    sessionStorage.clear();
  });

  it('is asked once per session, not after every page load, and again after signing out', async () => {
    fetchMock.mockImplementation(answers(false));
    await useStaffSession.getState().check();
    expect(useStaffSession.getState().state.kind).toBe('second-factor');
    useStaffSession.getState().postpone();
    expect(useStaffSession.getState().state.kind).toBe('ready');
    // A reload of the page reads the session again: the prompt stays put off.
    await useStaffSession.getState().check();
    expect(useStaffSession.getState().state.kind).toBe('ready');

    await useStaffSession.getState().signOut();
    document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
    await useStaffSession.getState().check();
    expect(useStaffSession.getState().state.kind).toBe('second-factor');
  });

  it('cannot be put off where the second factor is required', async () => {
    fetchMock.mockImplementation(answers(true));
    await useStaffSession.getState().check();
    useStaffSession.getState().postpone();
    await useStaffSession.getState().check();
    expect(useStaffSession.getState().state.kind).toBe('second-factor');
  });
});
