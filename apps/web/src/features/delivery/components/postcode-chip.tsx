import { useTranslation } from 'react-i18next';
import { PinIcon } from '../../../lib/icons.tsx';
import { truncate } from '../../../lib/truncate.ts';
import { useStore } from '../../store/index.ts';
import { cityFromAddress, deliveryAreaLabel } from '../delivery-area.ts';
import { useDelivery } from '../delivery-store.ts';
import { openPostcodePicker } from '../picker-store.ts';

/** Characters of the chip's text on mobile (docs/product/shop.md). */
export const MOBILE_CHIP_LENGTH = 14;

/**
 * The chosen delivery area ("10115 Berlin") or a call to choose one; opens the postcode picker.
 * Shown for delivery only. On mobile the call is its short form ("PLZ wählen"), and an area is cut to
 * 14 characters; assistive technology always gets the whole text (the button is named by its content,
 * so the visible text is its name).
 */
export function PostcodeChip() {
  const { t } = useTranslation('delivery');
  const orderType = useDelivery((state) => state.orderType);
  const postcode = useDelivery((state) => state.postcode);
  const { data: store } = useStore();
  if (orderType !== 'delivery') return null;

  const text = postcode ? deliveryAreaLabel(postcode.postcode, cityFromAddress(store?.address)) : t('chip_choose');
  const short = truncate(postcode ? text : t('chip_choose_short'), MOBILE_CHIP_LENGTH);
  return (
    <button
      type="button"
      className="chip postcode-chip"
      data-empty={postcode ? undefined : ''}
      aria-haspopup="dialog"
      onClick={openPostcodePicker}
    >
      <PinIcon className="chip-icon" />
      {postcode ? <span className="sr-only">{t('chip_chosen_before')} </span> : null}
      <span className="only-wide">{text}</span>
      {short === text ? (
        <span className="only-mobile">{text}</span>
      ) : (
        <>
          <span className="only-mobile" aria-hidden="true">
            {short}
          </span>
          <span className="only-mobile sr-only">{text}</span>
        </>
      )}
      {postcode ? <span className="sr-only"> – {t('chip_chosen_after')}</span> : null}
    </button>
  );
}
