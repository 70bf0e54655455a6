/** Checks the amounts and currency a provider is asked for; a wrong one is a bug of the caller, not a user's error. */
export function assertMoney(amountCents: number, currency?: string) {
  if (!Number.isInteger(amountCents) || amountCents <= 0) {
    throw new Error(`a payment amount is a positive integer of cents, not ${amountCents}`);
  }
  if (currency !== undefined && !/^[A-Z]{3}$/.test(currency)) {
    throw new Error(`a currency is an upper-case ISO 4217 code, not ${currency}`);
  }
}
