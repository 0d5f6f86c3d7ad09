/** What a product or topping declares: letters `a`–`n` and additive numbers, in the menu's order. */
export interface DeclaredCodes {
  allergen_codes: string[];
  additive_codes: string[];
}
