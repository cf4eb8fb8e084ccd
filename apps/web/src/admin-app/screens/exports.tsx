import { ExportPeriodSchema, parseQuarter, quarterOf } from '@cadran/domain/accounting-period';
import { translateMessage } from '@cadran/domain/messages';
import { addDays } from '@cadran/domain/paris-days';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses } from '@/components/form/form-field';
import { AnchorButton } from '@/components/ui/button';
import { currentLanguage } from '@/lib/i18n';
import { exportUrl } from '../api/admin-api';
import { ScreenHeader } from '../layout/screen-header';

const fieldInput = `${inputClasses(false)} py-2 text-sm`;

/** Today in Paris, the shop's calendar. */
const todayInParis = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

/** The quarter of `day` and the seven before it, newest first. */
function recentQuarters(day: string): string[] {
  const quarters = [quarterOf(day)];
  while (quarters.length < 8) {
    const first = parseQuarter(quarters[quarters.length - 1] ?? '')?.from ?? day;
    quarters.push(quarterOf(addDays(first, -1)));
  }
  return quarters;
}

/**
 * The accountant's exports (docs/product.md 'Back office' ('Accounting exports')),
 * administrators only: the sales journal (FEC or CSV) and the payments of a period, the
 * One-Stop-Shop summary of a quarter. Each link is a download the server audits; a period the
 * server would refuse is said here first and offers no link.
 */
export function ExportsScreen() {
  const { t } = useTranslation('admin-content');
  const today = todayInParis();
  const quarters = recentQuarters(today);
  const [journal, setJournal] = useState({
    from: parseQuarter(quarters[0] ?? '')?.from ?? today,
    to: today,
  });
  const [payments, setPayments] = useState({ from: `${today.slice(0, 8)}01`, to: today });
  const [quarter, setQuarter] = useState(quarters[0] ?? '');
  const quarterId = useId();
  const tableFormats: [string, string][] = [
    ['csv', t('exports.csv')],
    ['json', t('exports.json')],
  ];
  return (
    <>
      <ScreenHeader title={t('exports.title')} description={t('exports.intro')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ExportCard title={t('exports.journal.title')} description={t('exports.journal.intro')}>
          <PeriodFields period={journal} onChange={setJournal}>
            {(query) => (
              <Downloads
                path="/exports/sales-journal"
                query={query}
                formats={[
                  ['fec', t('exports.journal.fec')],
                  ['csv', t('exports.csv')],
                ]}
              />
            )}
          </PeriodFields>
        </ExportCard>
        <ExportCard title={t('exports.oss.title')} description={t('exports.oss.intro')}>
          <div className="mb-4">
            <label htmlFor={quarterId} className="mb-1 block text-xs font-semibold text-slate-700">
              {t('exports.oss.quarter')}
            </label>
            <select
              id={quarterId}
              className={fieldInput}
              value={quarter}
              onChange={(event) => setQuarter(event.target.value)}
            >
              {quarters.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </div>
          <Downloads path="/exports/oss" query={{ quarter }} formats={tableFormats} />
        </ExportCard>
        <ExportCard title={t('exports.payments.title')} description={t('exports.payments.intro')}>
          <PeriodFields period={payments} onChange={setPayments}>
            {(query) => <Downloads path="/exports/payments" query={query} formats={tableFormats} />}
          </PeriodFields>
        </ExportCard>
      </div>
    </>
  );
}

function ExportCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{description}</p>
      {children}
    </section>
  );
}

/** The download links of one export, the first format as the main button. */
function Downloads({
  path,
  query,
  formats,
}: {
  path: string;
  query: Readonly<Record<'from' | 'to', string>> | { quarter: string };
  formats: [format: string, label: string][];
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {formats.map(([format, label], index) => (
        <AnchorButton
          key={format}
          variant={index === 0 ? undefined : 'outline'}
          size="sm"
          href={exportUrl(path, { ...query, format })}
          download
        >
          {label}
        </AnchorButton>
      ))}
    </div>
  );
}

interface Period {
  from: string;
  to: string;
}

/** From and to, checked as the server checks them; the links only for a period it accepts. */
function PeriodFields({
  period,
  onChange,
  children,
}: {
  period: Period;
  onChange: (period: Period) => void;
  children: (query: Period) => ReactNode;
}) {
  const { t } = useTranslation('admin-content');
  const id = useId();
  const checked = ExportPeriodSchema.safeParse(period);
  const problem = checked.success ? undefined : checked.error.issues[0]?.message;
  return (
    <>
      <div className="flex flex-wrap gap-4">
        {(['from', 'to'] as const).map((end) => (
          <div key={end}>
            <label
              htmlFor={`${id}-${end}`}
              className="mb-1 block text-xs font-semibold text-slate-700"
            >
              {t(`exports.${end}`)}
            </label>
            <input
              id={`${id}-${end}`}
              type="date"
              className={fieldInput}
              value={period[end]}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => onChange({ ...period, [end]: event.target.value })}
            />
          </div>
        ))}
      </div>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="mt-3 text-sm text-red-700">
          {translateMessage(problem, currentLanguage())}
        </p>
      ) : (
        <div className="mt-4">{children(period)}</div>
      )}
    </>
  );
}
