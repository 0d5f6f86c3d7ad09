import { UserIcon } from '../../../lib/icons.tsx';
import { firstName, truncate } from '../../../lib/truncate.ts';

/** Characters of the customer's first name shown on mobile (docs/product/shop.md). */
export const MOBILE_NAME_LENGTH = 4;

/**
 * The customer's first name: with the user icon in full, or cut to 4 characters on mobile, where
 * assistive technology still gets the whole first name.
 */
export function AccountName({ name }: { name: string }) {
  const first = firstName(name);
  const short = truncate(first, MOBILE_NAME_LENGTH);
  return (
    <>
      <UserIcon className="only-wide" />
      <span className="only-wide">{first}</span>
      {short === first ? (
        <span className="only-mobile">{first}</span>
      ) : (
        <>
          <span className="only-mobile" aria-hidden="true">
            {short}
          </span>
          <span className="only-mobile sr-only">{first}</span>
        </>
      )}
    </>
  );
}
