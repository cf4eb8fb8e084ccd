import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { RoadmapItem } from '@cadran/domain/roadmap';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { moveWithin } from './reorder';

interface ColumnProps {
  title: string;
  items: RoadmapItem[];
  /** Administrators reorder; support staff only read. */
  canReorder: boolean;
  onReorder: (ids: number[]) => void;
  /** The item's own actions (edit, delete). */
  actions: (item: RoadmapItem) => ReactNode;
}

/**
 * One column of the roadmap in its public order. Administrators reorder it by dragging (the
 * handle also works from the keyboard: Space to lift, arrows to move, Space to drop, each step
 * announced) or with the move up and down buttons; the new order is saved at once.
 */
export function RoadmapColumn({ title, items, canReorder, onReorder, actions }: ColumnProps) {
  const { t } = useTranslation('admin-content');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const titleOf = (id: UniqueIdentifier | undefined) =>
    items.find((item) => item.id === id)?.title ?? '';
  const positionOf = (id: UniqueIdentifier | undefined) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('roadmap.dnd.picked', {
        title: titleOf(active.id),
        position: positionOf(active.id),
        count: ids.length,
      }),
    onDragOver: ({ active, over }) =>
      over
        ? t('roadmap.dnd.over', {
            title: titleOf(active.id),
            position: positionOf(over.id),
            count: ids.length,
          })
        : undefined,
    onDragEnd: ({ active, over }) =>
      t('roadmap.dnd.dropped', {
        title: titleOf(active.id),
        position: positionOf(over?.id ?? active.id),
        count: ids.length,
      }),
    onDragCancel: ({ active }) => t('roadmap.dnd.cancelled', { title: titleOf(active.id) }),
  };

  const move = (id: number, to: number) => {
    const next = moveWithin(ids, id, to);
    if (next.some((value, index) => value !== ids[index])) onReorder(next);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(Number(active.id), ids.indexOf(Number(over.id)));
  };

  return (
    <section
      aria-label={title}
      className="rounded-card border border-slate-200 bg-slate-100/60 p-3"
    >
      <h2 className="mb-3 flex items-center justify-between px-1 text-base sm:text-base">
        {title}
        <span className="text-sm font-normal text-slate-600">{items.length}</span>
      </h2>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('roadmap.dnd.instructions') },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol className="space-y-2">
            {items.map((item, index) => (
              <SortableCard
                key={item.id}
                item={item}
                canReorder={canReorder}
                first={index === 0}
                last={index === items.length - 1}
                onMove={(delta) => move(item.id, index + delta)}
              >
                {actions(item)}
              </SortableCard>
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {items.length === 0 && (
        <p className="px-1 py-4 text-sm text-slate-600">{t('roadmap.emptyColumn')}</p>
      )}
    </section>
  );
}

function SortableCard({
  item,
  canReorder,
  first,
  last,
  onMove,
  children,
}: {
  item: RoadmapItem;
  canReorder: boolean;
  first: boolean;
  last: boolean;
  onMove: (delta: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin-content');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled: !canReorder,
  });
  return (
    <li
      ref={setNodeRef}
      // Set through the DOM's style object (not an inline style attribute): allowed by the CSP.
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'rounded-xl border border-slate-200 bg-white p-3 shadow-sm',
        isDragging && 'relative z-10 shadow-card ring-2 ring-brand-300',
      )}
    >
      <div className="flex items-start gap-2">
        {canReorder && (
          <button
            type="button"
            className="mt-0.5 cursor-grab rounded px-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            aria-label={t('roadmap.dnd.handle', { title: item.title })}
            {...attributes}
            {...listeners}
          >
            <span aria-hidden="true">⠿</span>
          </button>
        )}
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-semibold sm:text-sm">{item.title}</h3>
          {item.title_en && (
            <p lang="en" className="text-sm text-slate-600">
              {item.title_en}
            </p>
          )}
          <div className="mt-2 flex flex-wrap items-center gap-1.5">
            <Badge tone={item.is_public ? 'success' : 'neutral'}>
              {item.is_public ? t('roadmap.isPublic') : t('roadmap.isHidden')}
            </Badge>
            {item.category && <Badge tone="brass">{item.category}</Badge>}
            <span className="text-xs text-slate-600">
              {t('roadmap.votes', { count: item.vote_count })}
            </span>
          </div>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-1.5">
        {canReorder && (
          <>
            <Button
              size="sm"
              variant="ghost"
              disabled={first}
              onClick={() => onMove(-1)}
              aria-label={t('roadmap.moveUp', { title: item.title })}
            >
              ↑
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={last}
              onClick={() => onMove(1)}
              aria-label={t('roadmap.moveDown', { title: item.title })}
            >
              ↓
            </Button>
          </>
        )}
        {children}
      </div>
    </li>
  );
}
