/**
 * Parts of the order pages that the checkout's lazy chunk uses, with the texts they speak. Kept apart
 * from `index.ts`: the index is in the first load, and what is re-exported there is bundled there.
 */
import './register-texts.ts';

export { OrderSummaryView, type SummaryLine, type SummaryTotals } from './components/summary-view.tsx';
