import { useTranslation } from 'react-i18next';
import { useSupportEmail } from '@/lib/support-email';
import { SUPPORT_HOURS_KEY, SUPPORT_REPLY_TIME_KEY } from '@cadran/domain/constants';
import { translateMessage } from '@cadran/domain/messages';
import { publisherAddress } from '@cadran/domain/legal-publisher';
import { COMPANY } from '@/lib/company';
import { usePublisher } from '@/lib/publisher';
import { currentLanguage } from '@/lib/i18n';

const icon = (d: string) => (
  <svg
    className="mt-0.5 size-5 shrink-0 text-brand-700"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d={d} />
  </svg>
);

const ICONS = {
  email: 'M3.5 6.5h17v11h-17zM4 7l8 6 8-6',
  phone:
    'M6.5 3.5h3l1.5 4-2 1.5a11 11 0 0 0 6 6l1.5-2 4 1.5v3a2 2 0 0 1-2 2A16.5 16.5 0 0 1 4.5 5.5a2 2 0 0 1 2-2z',
  address:
    'M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0C18.5 15.4 12 21 12 21zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  hours: 'M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zM12 7.5V12l3 2',
  reply: 'M4 5h16v11H9l-5 4zM8 9.5h8M8 12.5h5',
} as const;

/** Contact details: support Monday to Friday 9h-18h, reply within 24h. */
export function ContactDetails() {
  const { t } = useTranslation('contact');
  const supportEmail = useSupportEmail();
  const publisher = usePublisher();
  const language = currentLanguage();
  const rows = [
    {
      key: 'email',
      label: t('details.email'),
      value: (
        <a
          href={`mailto:${supportEmail}`}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {supportEmail}
        </a>
      ),
    },
    {
      key: 'phone',
      label: t('details.phone'),
      value: (
        <a
          href={`tel:${COMPANY.phone.replace(/\s/g, '')}`}
          className="font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {COMPANY.phone}
        </a>
      ),
    },
    { key: 'address', label: t('details.address'), value: publisherAddress(publisher) },
    {
      key: 'hours',
      label: t('details.hours'),
      value: translateMessage(SUPPORT_HOURS_KEY, language),
    },
    {
      key: 'reply',
      label: t('details.reply'),
      value: translateMessage(SUPPORT_REPLY_TIME_KEY, language),
    },
  ] as const;
  return (
    <aside
      aria-labelledby="contact-details"
      className="rounded-card border border-slate-200 bg-slate-50 p-6 sm:p-8"
    >
      <h2 id="contact-details" className="text-xl sm:text-2xl">
        {t('details.title')}
      </h2>
      <dl className="mt-6 space-y-5">
        {rows.map((row) => (
          <div key={row.key}>
            <dt className="flex items-center gap-3 text-sm text-slate-600">
              {icon(ICONS[row.key])}
              {row.label}
            </dt>
            <dd className="mt-0.5 pl-8 text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6 rounded-lg bg-white p-4 text-sm leading-6 text-slate-700 ring-1 ring-slate-200">
        {t('details.critical')}
      </p>
      <p className="mt-6 text-sm leading-6 text-slate-700">{t('details.client')}</p>
      <a
        href="/client"
        className="mt-2 inline-block text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
      >
        {t('details.clientLink')}
      </a>
    </aside>
  );
}
