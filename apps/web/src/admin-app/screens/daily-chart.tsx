import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { formatAmount, formatDay } from '../format';
import { ScrollRegion } from '../ui/scroll-region';

interface Day {
  date: string;
  orders: number;
  revenue: number;
}

const WIDTH = 720;
const HEIGHT = 200;
const GAP = 4;

/**
 * Revenue per day over 30 days as bars drawn in SVG (no inline style, nothing for the CSP to
 * allow), named for assistive technology, with the same figures as a table under it.
 */
export function DailyChart({ days }: { days: Day[] }) {
  const { t } = useTranslation('admin-sales');
  const id = useId();
  const highest = Math.max(1, ...days.map((day) => day.revenue));
  const barWidth = days.length > 0 ? WIDTH / days.length - GAP : 0;
  const total = days.reduce((sum, day) => sum + day.revenue, 0);

  return (
    <figure>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`}
        role="img"
        aria-labelledby={`${id}-caption`}
        className="h-auto w-full"
      >
        <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="stroke-slate-300" />
        {days.map((day, index) => {
          const height = Math.round((day.revenue / highest) * (HEIGHT - 10));
          return (
            <rect
              key={day.date}
              x={index * (barWidth + GAP) + GAP / 2}
              y={HEIGHT - height}
              width={barWidth}
              height={height}
              rx="2"
              className="fill-brand-500"
            >
              <title>
                {t('dashboard.bar', {
                  day: formatDay(day.date),
                  revenue: formatAmount(day.revenue),
                })}
              </title>
            </rect>
          );
        })}
      </svg>
      {days.length > 0 && (
        // The period's ends under the axis; the table below gives every day.
        <p aria-hidden="true" className="flex justify-between text-xs text-slate-500">
          <span>{formatDay(days[0]?.date)}</span>
          <span>{formatDay(days[days.length - 1]?.date)}</span>
        </p>
      )}
      <figcaption id={`${id}-caption`} className="mt-2 text-sm text-slate-600">
        {t('dashboard.chartCaption', {
          total: formatAmount(total),
          highest: formatAmount(highest),
        })}
      </figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-brand-700">{t('dashboard.asTable')}</summary>
        <ScrollRegion label={t('dashboard.chartTitle')} className="mt-2 max-h-72 overflow-y-auto">
          <table className="w-full text-left">
            <thead className="text-xs text-slate-600 uppercase">
              <tr>
                <th scope="col" className="py-1">
                  {t('dashboard.day')}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t('dashboard.orders')}
                </th>
                <th scope="col" className="py-1 text-right">
                  {t('dashboard.revenue')}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date} className="border-t border-slate-100">
                  <th scope="row" className="py-1 font-normal">
                    {formatDay(day.date)}
                  </th>
                  <td className="py-1 text-right tabular-nums">{formatNumber(day.orders)}</td>
                  <td className="py-1 text-right tabular-nums">{formatAmount(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </figure>
  );
}
