/** One half of a half-and-half pizza as a screen lists it: its dish and its toppings. */
export interface ListedHalf {
  name: string;
  extras: readonly { id: number; name: string; quantity: number }[];
}

/**
 * A half-and-half pizza's two halves, each by name with its toppings under it, as the cart, the order
 * page, the staff's order details and the kitchen ticket list them. The screen gives its words
 * (`halfName`, `extraText`) and its classes' stem: `<className>-halves`, `-half-name` and `-extras`.
 */
export function LineHalves({
  halves,
  className,
  label,
  halfName,
  extraText,
}: {
  halves: readonly ListedHalf[];
  className: string;
  label: string;
  halfName: (name: string) => string;
  extraText: (extra: { name: string; quantity: number }) => string;
}) {
  return (
    <ul className={`${className}-halves`} aria-label={label}>
      {halves.map((half, index) => (
        <li key={index}>
          <span className={`${className}-half-name`}>{halfName(half.name)}</span>
          {half.extras.length > 0 && (
            <ul className={`${className}-extras`}>
              {half.extras.map((extra) => (
                <li key={extra.id}>{extraText(extra)}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
