import type { AdminOrder } from '@pizzeria/domain';

/** A delivery address as the driver reads it: street, the extra line (house number, floor), postcode and town. */
export function AddressLines({ address, className }: { address: AdminOrder['address']; className?: string }) {
  return (
    <address className={className}>
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {address.zip} {address.city}
    </address>
  );
}
