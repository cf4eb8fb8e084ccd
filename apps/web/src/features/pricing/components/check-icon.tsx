import { cn } from '@/lib/cn';

/** Decorative tick of feature lists; the text beside it says what is included. */
export function CheckIcon({ className }: { className?: string }) {
  return (
    <svg
      className={cn('mt-0.5 size-5 shrink-0', className)}
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="m5 10.5 3 3 7-7" />
    </svg>
  );
}
