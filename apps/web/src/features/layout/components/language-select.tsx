import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { languageSchema } from '@pizzeria/domain';
import { changeLanguage } from '../../../i18n/index.ts';
import { ChevronDownIcon, GlobeIcon } from '../../../lib/icons.tsx';

/**
 * German/English switch: a native select (small and fully accessible) whose options carry the full
 * language names; the closed control shows the short code ("DE") over it. The choice is remembered.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('layout');
  const id = useId();
  const language = i18n.language === 'en' ? 'en' : 'de';
  return (
    <div className="language-select">
      <label htmlFor={id} className="sr-only">
        {t('language_label')}
      </label>
      <GlobeIcon className="language-icon only-wide" />
      <span className="language-code" aria-hidden="true">
        {language.toUpperCase()}
      </span>
      <ChevronDownIcon className="language-chevron" />
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const next = languageSchema.safeParse(event.target.value);
          if (next.success) void changeLanguage(next.data);
        }}
      >
        <option value="de" lang="de">
          Deutsch
        </option>
        <option value="en" lang="en">
          English
        </option>
      </select>
    </div>
  );
}
