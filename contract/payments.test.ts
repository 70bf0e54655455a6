import { describe, expect, test } from "vitest";
import {
  isCardExpired,
  isCardNumber,
  parseCardExpiry,
  simulatorCardSchema,
  testCardOutcome,
  testCards,
} from "./payments.js";

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, "0");
const card = (overrides: Partial<Record<"number" | "expiry" | "cvc" | "name", string>> = {}) => ({
  number: "4242 4242 4242 4242",
  expiry: `12/${nextYear}`,
  cvc: "123",
  name: "Ada Lovelace",
  ...overrides,
});
const messagesOf = (input: unknown) => {
  const parsed = simulatorCardSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("the simulator's card form", () => {
  test("every test card passes the Luhn check, and a typo does not", () => {
    for (const { number } of testCards) expect(isCardNumber(number), number).toBe(true);
    expect(isCardNumber("4242 4242 4242 4241")).toBe(false);
    expect(isCardNumber("4242")).toBe(false);
    expect(isCardNumber("4242-4242-4242-4242")).toBe(true);
  });

  test("accepts a well-formed card, with spaces in the number", () => {
    expect(messagesOf(card())).toEqual({});
  });

  test("names the field at fault with its catalogue message", () => {
    expect(messagesOf(card({ number: "4242 4242 4242 4241" }))).toEqual({ number: "CARD_NUMBER_INVALID" });
    expect(messagesOf(card({ expiry: "13/30" }))).toEqual({ expiry: "CARD_EXPIRY_INVALID" });
    expect(messagesOf(card({ expiry: "1230" }))).toEqual({ expiry: "CARD_EXPIRY_INVALID" });
    expect(messagesOf(card({ expiry: "01/20" }))).toEqual({ expiry: "CARD_EXPIRY_PAST" });
    expect(messagesOf(card({ cvc: "12" }))).toEqual({ cvc: "CARD_CVC_INVALID" });
    expect(messagesOf(card({ cvc: "12a" }))).toEqual({ cvc: "CARD_CVC_INVALID" });
    expect(messagesOf(card({ name: " " }))).toEqual({ name: "FIELD_REQUIRED" });
  });

  test("an American Express card takes a 4-digit security code, the others 3", () => {
    expect(messagesOf(card({ number: "3782 822463 10005", cvc: "1234" }))).toEqual({});
    expect(messagesOf(card({ number: "3782 822463 10005", cvc: "123" }))).toEqual({ cvc: "CARD_CVC_INVALID" });
    expect(messagesOf(card({ cvc: "1234" }))).toEqual({ cvc: "CARD_CVC_INVALID" });
  });

  test("a card works until the end of its expiry month (UTC)", () => {
    const now = new Date("2031-05-31T23:59:00Z");
    expect(isCardExpired({ month: 5, year: 2031 }, now)).toBe(false);
    expect(isCardExpired({ month: 4, year: 2031 }, now)).toBe(true);
    expect(isCardExpired({ month: 1, year: 2032 }, now)).toBe(false);
    expect(parseCardExpiry(" 07 / 29 ")).toEqual({ month: 7, year: 2029 });
    expect(parseCardExpiry("00/29")).toBeUndefined();
  });
});

describe("test card outcomes", () => {
  test("follow Stripe's test cards", () => {
    expect(testCardOutcome("4242 4242 4242 4242")).toEqual({ kind: "success" });
    expect(testCardOutcome("4000000000000002")).toEqual({ kind: "decline", declineCode: "generic_decline" });
    expect(testCardOutcome("4000000000009995")).toEqual({ kind: "decline", declineCode: "insufficient_funds" });
    expect(testCardOutcome("4000000000000069")).toEqual({ kind: "decline", declineCode: "expired_card" });
    expect(testCardOutcome("4000000000000119")).toEqual({ kind: "decline", declineCode: "processing_error" });
    expect(testCardOutcome("4000002500003155")).toEqual({ kind: "authenticate" });
    expect(testCardOutcome("4000000000003220")).toEqual({ kind: "authenticate" });
  });

  test("a real card number is refused in test mode, never charged", () => {
    expect(testCardOutcome("4111 1111 1111 1111")).toEqual({ kind: "decline", declineCode: "test_mode_live_card" });
  });
});
