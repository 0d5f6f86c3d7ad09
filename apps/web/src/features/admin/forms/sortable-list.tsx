import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface SortableItem {
  id: number;
  /** How the handle and the announcements name it. */
  label: string;
}

/**
 * A list staff reorder by dragging a handle, or with the keyboard (space, arrows, space), with what
 * happens announced to screen readers in the page's language (dnd-kit). `onReorder` gets the new order
 * of ids once an item is dropped somewhere else.
 */
export function SortableList<Item extends SortableItem>({
  items,
  onReorder,
  renderItem,
  label,
  disabled = false,
}: {
  items: readonly Item[];
  onReorder: (ids: number[]) => void;
  renderItem: (item: Item) => ReactNode;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('adminForms');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: UniqueIdentifier | undefined) => items.findIndex((item) => item.id === id) + 1;
  const nameOf = (id: UniqueIdentifier) => items.find((item) => item.id === id)?.label ?? '';
  const count = items.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('reorder.picked', { name: nameOf(active.id), position: position(active.id), count }),
    onDragOver: ({ active, over }) =>
      over ? t('reorder.moved', { name: nameOf(active.id), position: position(over.id), count }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('reorder.dropped', { name: nameOf(active.id), position: position(over.id), count }) : undefined,
    onDragCancel: ({ active }) => t('reorder.cancelled', { name: nameOf(active.id) }),
  };

  const drop = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = items.map((item) => item.id);
    onReorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={drop}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('reorder.instructions') } }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ul className="admin-sortable" aria-label={label}>
          {items.map((item) => (
            <SortableRow key={item.id} item={item} handleLabel={t('reorder.handle', { name: item.label })}>
              {renderItem(item)}
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  item,
  handleLabel,
  children,
}: {
  item: SortableItem;
  handleLabel: string;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  return (
    <li
      ref={setNodeRef}
      className="admin-sortable-row"
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="admin-drag-handle"
        aria-label={handleLabel}
        {...attributes}
        {...listeners}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <div className="admin-sortable-content">{children}</div>
    </li>
  );
}
