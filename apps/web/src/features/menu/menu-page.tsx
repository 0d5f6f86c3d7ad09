import { Suspense, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { assetUrl } from '../../lib/asset-url.ts';
import { CartBar } from '../cart/index.ts';
import { LoadingScreen } from '../../lib/loading-screen.tsx';
import { useRestaurantName } from '../store/index.ts';
import { StoreStatusPill } from '../store-status/index.ts';
import { useCategories } from './api/get-categories.ts';
import { useProducts } from './api/get-products.ts';
import { AddToast } from './components/add-toast.tsx';
import { AllergenLegend } from './components/allergen-legend.tsx';
import { CategoryNav } from './components/category-nav.tsx';
import { MenuSearchBox } from './components/menu-search-box.tsx';
import { AllergenFilter } from './components/menu-toolbar.tsx';
import { ProductCard } from './components/product-card.tsx';
import { buildMenu, filterMenu, menuDeclarations, sectionId, type MenuSection } from './menu-model.ts';
import { useMenuSearch } from './menu-search-store.ts';
import { ProductOptionsHost } from './options/product-options-host.tsx';
import './menu.css';

/** Keeps `--menu-sticky-top` at the sticky site header's height, which grows on phones (search row). */
function useStickyTop() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const page = ref.current;
    const header = document.querySelector('header');
    if (!page || !header || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const sticky = getComputedStyle(header).position === 'sticky' || getComputedStyle(header).position === 'fixed';
      page.style.setProperty('--menu-sticky-top', `${sticky ? header.getBoundingClientRect().height : 0}px`);
    });
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return ref;
}

/** The restaurant's menu (docs/product/shop.md, "/"): categories, dishes, search, allergen filter and quick-add. */
export function MenuPage() {
  const categories = useCategories();
  const products = useProducts();
  if (categories.isPending || products.isPending) return <LoadingScreen />;
  if (categories.isError || products.isError) {
    return (
      <MenuError
        onRetry={() => {
          if (categories.isError) void categories.refetch();
          if (products.isError) void products.refetch();
        }}
      />
    );
  }
  return <Menu sections={buildMenu(categories.data, products.data)} categoriesCount={categories.data.length} />;
}

function MenuError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('menu');
  const { t: tCommon } = useTranslation();
  return (
    <section className="container menu-state" role="alert">
      <p className="menu-state-title">{t('load_error')}</p>
      <p>{tCommon('error_generic')}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {tCommon('retry')}
      </button>
    </section>
  );
}

function Menu({ sections, categoriesCount }: { sections: MenuSection[]; categoriesCount: number }) {
  const { t } = useTranslation('menu');
  const name = useRestaurantName();
  const pageRef = useStickyTop();
  const query = useMenuSearch((state) => state.query);
  const excludedAllergens = useMenuSearch((state) => state.excludedAllergens);
  const clearFilters = useMenuSearch((state) => state.clearFilters);
  const visible = useMemo(
    () => filterMenu(sections, { query, excludedAllergens }),
    [sections, query, excludedAllergens],
  );
  const declarations = useMemo(() => menuDeclarations(sections.flatMap((section) => section.products)), [sections]);
  const filtering = query.trim() !== '' || excludedAllergens.length > 0;
  const found = visible.reduce((sum, section) => sum + section.products.length, 0);

  return (
    <div ref={pageRef} className="menu-page">
      <section className="menu-hero">
        <div className="container menu-hero-inner">
          <div>
            <h1 className="menu-hero-title">{name}</h1>
            <p className="menu-hero-intro">{t('intro')}</p>
            {/* Its own boundary: words that depend on the day ("morgen") may differ from the server's
                just after midnight, and then only the pill is rendered afresh. */}
            <Suspense fallback={null}>
              <StoreStatusPill />
            </Suspense>
          </div>
          <img
            className="menu-hero-art"
            src={assetUrl('images/products/margherita.svg')}
            alt=""
            width="200"
            height="200"
            decoding="async"
          />
        </div>
      </section>

      {categoriesCount === 0 ? (
        <div className="container menu-state">
          <p className="menu-state-title">{t('empty_categories')}</p>
        </div>
      ) : (
        <>
          <Suspense fallback={null}>
            <div className="menu-bar">
              <div className="container menu-bar-inner">
                <CategoryNav sections={visible} />
                <div className="menu-tools">
                  <MenuSearchBox look="menu-search" className="only-wide" clearable />
                  <AllergenFilter allergens={declarations.allergens} />
                </div>
              </div>
            </div>
          </Suspense>

          <div className="container menu-content">
            <p className="sr-only" role="status">
              {filtering ? t('results_count', { count: found }) : ''}
            </p>
            {visible.length === 0 ? (
              <div className="menu-state">
                <p className="menu-state-title">{t('empty_results')}</p>
                {filtering && (
                  <>
                    <p>{t('empty_results_hint')}</p>
                    <button type="button" className="button button-secondary" onClick={clearFilters}>
                      {t('filter_reset')}
                    </button>
                  </>
                )}
              </div>
            ) : (
              // Each section a boundary of its own: React hydrates them one by one, yielding between them,
              // and the one tapped first before the others (docs/decisions/021).
              visible.map((section) => (
                <Suspense key={section.category.id} fallback={null}>
                  <MenuSectionView section={section} />
                </Suspense>
              ))
            )}
            <AllergenLegend allergens={declarations.allergens} additives={declarations.additives} />
          </div>
        </>
      )}
      <AddToast />
      <CartBar />
      <ProductOptionsHost />
    </div>
  );
}

function MenuSectionView({ section }: { section: MenuSection }) {
  const { category, products } = section;
  const id = sectionId(category);
  return (
    <section id={id} className="menu-section" aria-labelledby={`${id}-title`}>
      <div className="menu-section-header">
        <h2 id={`${id}-title`} className="menu-section-title" tabIndex={-1}>
          {category.name}
        </h2>
        {category.description && <p className="menu-section-description">{category.description}</p>}
      </div>
      <ul className="product-grid">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
