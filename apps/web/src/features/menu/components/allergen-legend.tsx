import { useTranslation } from 'react-i18next';
import type { Additive, Allergen } from '@pizzeria/domain';

/** What the codes on the dishes mean, from the menu's own data (LMIV: allergens a–n, additives 1–12). */
export function AllergenLegend({ allergens, additives }: { allergens: Allergen[]; additives: Additive[] }) {
  const { t } = useTranslation('menu');
  if (allergens.length === 0 && additives.length === 0) return null;
  return (
    <section className="allergen-legend" aria-labelledby="allergen-legend-title">
      <h2 id="allergen-legend-title" className="allergen-legend-title">
        {t('legend_title')}
      </h2>
      <p className="allergen-legend-note">{t('legend_note')}</p>
      <div className="allergen-legend-columns">
        {[
          { title: t('legend_allergens'), entries: allergens },
          { title: t('legend_additives'), entries: additives },
        ]
          .filter((column) => column.entries.length > 0)
          .map((column) => (
            <div key={column.title}>
              <h3 className="allergen-legend-heading">{column.title}</h3>
              <dl className="allergen-legend-list">
                {column.entries.map((entry) => (
                  <div key={entry.code}>
                    <dt>{entry.code}</dt>
                    <dd>{entry.name}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
      </div>
    </section>
  );
}
