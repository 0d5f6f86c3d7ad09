import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { additives, allergens, toppingAdditives, toppingAllergens } from '../../../db/schema.ts';
import { HttpError } from '../../../plugins/errors.ts';

// A topping's declarations: the allergens and additives the shop shows for every product offering it.

function unknownAllergen(codes: readonly string[]): HttpError {
  return new HttpError(400, 'unknown_allergen', {
    de: `Diese Allergene gibt es nicht: ${codes.join(', ')}.`,
    en: `There are no such allergens: ${codes.join(', ')}.`,
  });
}

function unknownAdditive(codes: readonly string[]): HttpError {
  return new HttpError(400, 'unknown_additive', {
    de: `Diese Zusatzstoffe gibt es nicht (oder sie sind archiviert): ${codes.join(', ')}.`,
    en: `There are no such additives (or they are archived): ${codes.join(', ')}.`,
  });
}

/**
 * Replaces the allergens and additives of the topping (locked by the caller) in its transaction; each
 * code must name an allergen, or an additive that is not archived.
 */
export async function replaceDeclarations(
  tx: Db,
  toppingId: number,
  codes: { allergen_codes: readonly string[]; additive_codes: readonly string[] },
): Promise<void> {
  const allergenCodes = [...new Set(codes.allergen_codes)];
  const additiveCodes = [...new Set(codes.additive_codes)];
  const allergenRows =
    allergenCodes.length === 0
      ? []
      : await tx
          .select({ id: allergens.id, code: allergens.code })
          .from(allergens)
          .where(inArray(allergens.code, allergenCodes));
  const missingAllergens = allergenCodes.filter((code) => !allergenRows.some((found) => found.code === code));
  if (missingAllergens.length > 0) throw unknownAllergen(missingAllergens);
  const additiveRows =
    additiveCodes.length === 0
      ? []
      : await tx
          .select({ id: additives.id, code: additives.code })
          .from(additives)
          .where(and(inArray(additives.code, additiveCodes), isNull(additives.archivedAt)))
          // Held until the commit: an additive archived meanwhile waits for this declaration.
          .for('share');
  const missingAdditives = additiveCodes.filter((code) => !additiveRows.some((found) => found.code === code));
  if (missingAdditives.length > 0) throw unknownAdditive(missingAdditives);

  await tx.delete(toppingAllergens).where(eq(toppingAllergens.toppingId, toppingId));
  // Links to archived additives stay, like the additives: nothing shows them any more.
  await tx
    .delete(toppingAdditives)
    .where(
      and(
        eq(toppingAdditives.toppingId, toppingId),
        inArray(
          toppingAdditives.additiveId,
          tx.select({ id: additives.id }).from(additives).where(isNull(additives.archivedAt)),
        ),
      ),
    );
  if (allergenRows.length > 0) {
    await tx.insert(toppingAllergens).values(allergenRows.map((allergen) => ({ toppingId, allergenId: allergen.id })));
  }
  if (additiveRows.length > 0) {
    await tx.insert(toppingAdditives).values(additiveRows.map((additive) => ({ toppingId, additiveId: additive.id })));
  }
}
