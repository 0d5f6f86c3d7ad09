import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Allergen } from '@pizzeria/domain';
import { useMenuSearch } from '../menu-search-store.ts';

function FilterIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M4 6h16M7 12h10M10 18h4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/** Hides dishes with chosen allergens: a disclosure button with one checkbox per allergen of the menu. */
export function AllergenFilter({ allergens }: { allergens: Allergen[] }) {
  const { t } = useTranslation('menu');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const excluded = useMenuSearch((state) => state.excludedAllergens);
  const toggle = useMenuSearch((state) => state.toggleAllergen);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  if (allergens.length === 0) return null;
  const label = excluded.length > 0 ? t('filter_button_active', { count: excluded.length }) : t('filter_button');
  return (
    <div ref={rootRef} className="allergen-filter">
      <button
        ref={buttonRef}
        type="button"
        className={`chip allergen-filter-button${excluded.length > 0 ? ' is-active' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        onClick={() => setOpen(!open)}
      >
        <FilterIcon />
        <span className="allergen-filter-label" aria-hidden="true">
          {label}
        </span>
      </button>
      <div id={panelId} className="allergen-filter-panel" hidden={!open}>
        <fieldset>
          <legend className="allergen-filter-legend">{t('filter_legend')}</legend>
          <div className="allergen-filter-options">
            {allergens.map((allergen) => (
              <label key={allergen.code} className="allergen-filter-option">
                <input
                  type="checkbox"
                  checked={excluded.includes(allergen.code)}
                  onChange={() => toggle(allergen.code)}
                />
                <span className="allergen-code" aria-hidden="true">
                  {allergen.code}
                </span>
                <span>{allergen.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {excluded.length > 0 && (
          <button
            type="button"
            className="link-button allergen-filter-reset"
            onClick={() => excluded.forEach((code) => toggle(code))}
          >
            {t('filter_reset')}
          </button>
        )}
      </div>
    </div>
  );
}
