import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from '../../../lib/icons.tsx';
import { useMenuSearch } from '../menu-search-store.ts';

interface MenuSearchBoxProps {
  /** The class prefix of the box's look: the header's on phones (`mobile-search`) or the menu bar's. */
  look: 'mobile-search' | 'menu-search';
  /** More classes of the box, e.g. `only-wide`. */
  className?: string;
  /** Adds a button that empties the search. */
  clearable?: boolean;
  /** Called after each change of the query, e.g. to go back to the menu. */
  onType?: () => void;
}

/**
 * The menu search: the header's box on phones and the menu bar's on wider screens. Both share the
 * search store, so they show the same query.
 */
export function MenuSearchBox({ look, className, clearable = false, onType }: MenuSearchBoxProps) {
  const { t } = useTranslation('menu');
  const id = useId();
  const query = useMenuSearch((state) => state.query);
  const setQuery = useMenuSearch((state) => state.setQuery);
  return (
    <div className={className ? `${look} ${className}` : look} role="search">
      <label htmlFor={id} className="sr-only">
        {t('search_label')}
      </label>
      <SearchIcon className={`${look}-icon`} />
      <input
        id={id}
        className={`${look}-input`}
        type="search"
        value={query}
        placeholder={t('search_placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => {
          setQuery(event.target.value);
          onType?.();
        }}
      />
      {clearable && query && (
        <button type="button" className={`${look}-clear`} aria-label={t('search_clear')} onClick={() => setQuery('')}>
          <CloseIcon width="16" height="16" />
        </button>
      )}
    </div>
  );
}
