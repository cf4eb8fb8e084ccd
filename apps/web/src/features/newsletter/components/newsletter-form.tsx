import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTexts } from '@/islands/texts';
import { NeedsScriptNote } from '@/components/ui/needs-script-note';
import { NEWSLETTER_MESSAGE_MS } from '@cadran/domain/constants';
import { translateMessage } from '@cadran/domain/messages';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { SubscribeResult } from '../api/subscribe-newsletter';

type Status = 'idle' | 'subscribing' | 'success' | 'error';

/**
 * Footer newsletter form (docs/product.md 'Newsletter'): idle, subscribing, success or error,
 * the message disappearing after 5 seconds. It subscribes for real, with a confirmation mail
 * (double opt-in). The
 * subscription code loads on first submit: the footer is on every page.
 */
export function NewsletterForm() {
  const { t, language } = useTexts();
  const inputId = useId();
  const messageId = useId();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState('');
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // The field arrives in the server's HTML (docs/decisions/023-pages-drawn-on-the-server.md):
  // what was typed before the code took over is the field's value from then on.
  useLayoutEffect(() => {
    const typed = input.current?.value;
    if (typed) setEmail(typed);
  }, []);

  useEffect(() => {
    if (status !== 'success' && status !== 'error') return;
    const timer = window.setTimeout(() => {
      setStatus('idle');
      setMessage('');
      setInvalid(false);
    }, NEWSLETTER_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [status, message]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'subscribing') return;
    setStatus('subscribing');
    setMessage('');
    let result: SubscribeResult;
    try {
      const { subscribeToNewsletter } = await import('../api/subscribe-newsletter');
      result = await subscribeToNewsletter(email, language);
    } catch {
      // The code chunk itself could not be fetched (offline, or a deploy replaced it).
      result = {
        ok: false,
        message: translateMessage('newsletter.failed', language),
        invalidEmail: false,
      };
    }
    if (result.ok) {
      setEmail('');
      setInvalid(false);
      setMessage(`${result.message} ${t('newsletter.checkInbox')}`);
      setStatus('success');
    } else {
      setInvalid(result.invalidEmail);
      setMessage(result.message);
      setStatus('error');
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)}>
      <NeedsScriptNote />
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          {t('newsletter.emailLabel')}
        </label>
        <input
          ref={input}
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder={t('newsletter.placeholder')}
          aria-invalid={invalid || undefined}
          aria-describedby={message ? messageId : undefined}
          className={cn(
            'min-h-11 w-full min-w-0 rounded-lg border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500',
            invalid ? 'border-red-400 ring-2 ring-red-400' : 'border-slate-300',
          )}
        />
        <Button type="submit" variant="inverse" loading={status === 'subscribing'}>
          {t('newsletter.submit')}
        </Button>
      </div>
      {/* Always present, so screen readers announce the message when it appears. */}
      <p
        id={messageId}
        role="status"
        className={cn(
          'mt-3 min-h-5 text-sm leading-5',
          status === 'success' && 'text-emerald-300',
          status === 'error' && 'text-red-300',
        )}
      >
        {message}
      </p>
    </form>
  );
}
