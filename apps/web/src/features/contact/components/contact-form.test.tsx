import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { TextsContext, type Texts } from '@/islands/texts';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { json, mockFetch } from '@/test/fetch';
import { ContactForm } from './contact-form';

const fetchMock = mockFetch();

beforeAll(async () => {
  await loadNamespaces(['contact']);
});

/** The form's notes read their texts as an island does: here, from the app's catalogue. */
const frenchTexts: Texts = { language: 'fr', t: (key, options) => i18n.t(key, options) };

function renderForm() {
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={i18n}>
      <TextsContext value={frenchTexts}>
        <QueryClientProvider
          client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}
        >
          <ContactForm supportEmail="aide@horlogerie.example" />
        </QueryClientProvider>
      </TextsContext>
    </I18nextProvider>,
  );
  return user;
}

const field = (name: string) => screen.getByRole('textbox', { name });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Nom'), '  Claire Martin ');
  await user.type(field('E-mail'), ' claire@atelier-lumen.fr ');
  await user.type(field('Entreprise (facultatif)'), '   ');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sujet' }), 'support');
  await user.type(field('Message'), '   Le formulaire de mon site ne part plus.   ');
}

describe('contact form', () => {
  it('shows the French message of each required field, without calling the server', async () => {
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    for (const text of [
      'Le nom est requis',
      'L’email est requis',
      'Le sujet est requis',
      'Le message est requis',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(field('Nom')).toHaveFocus();
    expect(field('Nom')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Nom')).toHaveAccessibleDescription('Le nom est requis');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the email format and the trimmed message length', async () => {
    const user = renderForm();
    await user.type(field('E-mail'), 'claire@');
    await user.type(field('Message'), '   court    ');
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect(await screen.findByText('Format d’email invalide')).toBeInTheDocument();
    expect(screen.getByText('Le message doit contenir au moins 10 caractères')).toBeInTheDocument();
  });

  it('sends trimmed values, then shows the server message and empties the form', async () => {
    fetchMock.mockResolvedValue(
      json(200, { success: true, message: 'Message envoyé avec succès !' }),
    );
    const user = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));

    expect(await screen.findByText('Message envoyé avec succès !')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/website/contact');
    expect(JSON.parse(init!.body as string)).toEqual({
      name: 'Claire Martin',
      email: 'claire@atelier-lumen.fr',
      company: '',
      subject: 'support',
      message: 'Le formulaire de mon site ne part plus.',
      website: '',
    });
    expect((init!.headers as Record<string, string>)['Accept-Language']).toBe('fr');
    await waitFor(() => expect(field('Message')).toHaveValue(''));
  });

  it('keeps what the visitor types while the message is being sent', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
    );
    const user = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    await screen.findByRole('button', { name: 'Envoi en cours…' });
    await user.type(field('Message'), ' Et une autre question.');
    answer(json(200, { success: true, message: 'Message envoyé avec succès !' }));

    expect(await screen.findByText('Message envoyé avec succès !')).toBeInTheDocument();
    expect(field('Message')).toHaveValue(
      '   Le formulaire de mon site ne part plus.    Et une autre question.',
    );
    // What was sent and not touched since is emptied.
    expect(field('Nom')).toHaveValue('');
    expect(field('E-mail')).toHaveValue('');
  });

  it('puts the server field errors under their fields', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        success: false,
        message: 'Certaines données sont invalides',
        errors: { email: ['Format d’email invalide'] },
      }),
    );
    const user = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect(await screen.findByText('Vérifiez les champs signalés ci-dessous.')).toBeInTheDocument();
    expect(field('E-mail')).toHaveAccessibleDescription('Format d’email invalide');
  });

  it('explains a refusal for too many messages, and keeps what was typed', async () => {
    fetchMock.mockResolvedValue(
      json(429, { success: false, message: 'Trop de requêtes, réessayez dans 540 secondes.' }),
    );
    const user = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /plusieurs messages en peu de temps.*aide@horlogerie\.example/,
    );
    expect(field('Message')).toHaveValue('   Le formulaire de mon site ne part plus.   ');
  });

  it('falls back to its own failure text when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors de l’envoi du message');
  });
});
