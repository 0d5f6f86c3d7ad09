import { create } from 'zustand';

export interface MenuSearchState {
  /** What the customer typed into the menu search (desktop toolbar or the header's mobile box). */
  query: string;
  setQuery: (query: string) => void;
  /** Allergen codes (a–n) whose dishes are hidden. */
  excludedAllergens: string[];
  toggleAllergen: (code: string) => void;
  clearFilters: () => void;
}

/** The menu's search text and allergen filter, shared by the menu page and the header's search box. */
export const useMenuSearch = create<MenuSearchState>()((set) => ({
  query: '',
  setQuery: (query) => set({ query }),
  excludedAllergens: [],
  toggleAllergen: (code) =>
    set((state) => ({
      excludedAllergens: state.excludedAllergens.includes(code)
        ? state.excludedAllergens.filter((excluded) => excluded !== code)
        : [...state.excludedAllergens, code].sort(),
    })),
  clearFilters: () => set({ query: '', excludedAllergens: [] }),
}));
