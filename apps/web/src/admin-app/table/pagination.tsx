import type { PaginationState } from '@tanstack/react-table';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/format';
import { PAGE_SIZES } from './list-view';

interface PaginationProps extends PaginationState {
  total: number;
  onChange: (next: PaginationState) => void;
}

/** Which rows are shown of how many, the page size, and the previous and next pages. */
export function Pagination({ pageIndex, pageSize, total, onChange }: PaginationProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const first = total === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(total, (pageIndex + 1) * pageSize);
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600">
      <p aria-live="polite">
        {t('table.range', {
          first: formatNumber(first),
          last: formatNumber(last),
          total: formatNumber(total),
        })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-size`}>{t('table.pageSize')}</label>
        <select
          id={`${id}-size`}
          value={pageSize}
          onChange={(event) => onChange({ pageIndex: 0, pageSize: Number(event.target.value) })}
          className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <Button
          variant="outline"
          size="sm"
          disabled={pageIndex === 0}
          onClick={() => onChange({ pageIndex: pageIndex - 1, pageSize })}
        >
          {t('table.previous')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={pageIndex >= lastPage}
          onClick={() => onChange({ pageIndex: pageIndex + 1, pageSize })}
        >
          {t('table.next')}
        </Button>
      </div>
    </div>
  );
}
