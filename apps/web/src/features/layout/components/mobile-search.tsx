import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { SearchIcon } from '../../../lib/icons.tsx';
import { useMenuSearch } from '../../menu/index.ts';

/** The menu search on phones (< 768 px); typing on another page goes back to the menu. */
export function MobileSearch() {
  const { t } = useTranslation('layout');
  const id = useId();
  const query = useMenuSearch((state) => state.query);
  const setQuery = useMenuSearch((state) => state.setQuery);
  const [pathname, navigate] = useLocation();
  return (
    <div className="mobile-search" role="search">
      <label htmlFor={id} className="sr-only">
        {t('search_label')}
      </label>
      <SearchIcon className="mobile-search-icon" />
      <input
        id={id}
        className="mobile-search-input"
        type="search"
        value={query}
        placeholder={t('search_placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => {
          setQuery(event.target.value);
          if (pathname !== '/') navigate('/');
        }}
      />
    </div>
  );
}
