import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sectionId, type MenuSection } from '../menu-model.ts';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Where content starts below the sticky header and menu bar once the bar is stuck, in px from the
 * viewport top (before the bar sticks it sits lower, which must not count).
 */
function stickyOffset(inBar: HTMLElement | null): number {
  const bar = inBar?.closest<HTMLElement>('.menu-bar');
  if (!bar) return 0;
  return (parseFloat(getComputedStyle(bar).top) || 0) + bar.getBoundingClientRect().height;
}

/**
 * Where the eye reads, in px from the viewport top: a third of the way down what the sticky bars leave
 * visible. The category whose heading has passed it is the one being read; waiting for the heading to
 * reach the bars kept the previous category lit while the next one filled the screen.
 */
export function readingLine(stickyBottom: number, viewportHeight: number): number {
  return stickyBottom + Math.max(24, (viewportHeight - stickyBottom) / 3);
}

/**
 * The category chips of the sticky menu bar: highlights the category being read (scroll-spy), scrolls
 * smoothly to a category below the sticky bars, and keeps the active chip in view when it scrolls
 * sideways on phones.
 */
export function CategoryNav({ sections }: { sections: MenuSection[] }) {
  const { t } = useTranslation('menu');
  const listRef = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState<number | undefined>(sections[0]?.category.id);
  const lockUntil = useRef(0);
  const ids = sections.map((section) => section.category.id).join(',');

  useEffect(() => {
    const categoryIds = ids ? ids.split(',').map(Number) : [];
    let frame = 0;
    const update = () => {
      frame = 0;
      if (performance.now() < lockUntil.current) return;
      const offset = readingLine(stickyOffset(listRef.current), window.innerHeight);
      let current = categoryIds[0];
      for (const id of categoryIds) {
        const element = document.getElementById(sectionId({ id }));
        if (element && element.getBoundingClientRect().top <= offset) current = id;
      }
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4;
      if (atBottom && window.scrollY > 0) current = categoryIds.at(-1);
      setActive(current);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [ids]);

  useEffect(() => {
    const list = listRef.current;
    const chip = list?.querySelector<HTMLElement>(`[data-category="${active}"]`);
    if (!list || !chip || list.scrollWidth <= list.clientWidth) return;
    const left = chip.offsetLeft - (list.clientWidth - chip.offsetWidth) / 2;
    list.scrollTo?.({ left, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [active]);

  const go = (event: MouseEvent<HTMLAnchorElement>, id: number) => {
    event.preventDefault();
    const section = document.getElementById(sectionId({ id }));
    if (!section) return;
    const top = section.getBoundingClientRect().top + window.scrollY - stickyOffset(listRef.current) - 12;
    const smooth = !prefersReducedMotion();
    lockUntil.current = smooth ? event.timeStamp + 900 : 0;
    setActive(id);
    window.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
    // Keyboard and screen reader users continue reading at the category they chose.
    section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  };

  return (
    <nav className="category-nav" aria-label={t('categories_label')}>
      <ul ref={listRef} className="category-nav-list">
        {sections.map(({ category }) => (
          <li key={category.id}>
            <a
              href={`#${sectionId(category)}`}
              data-category={category.id}
              className="category-chip"
              aria-current={active === category.id ? 'true' : undefined}
              onClick={(event) => go(event, category.id)}
            >
              {category.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
