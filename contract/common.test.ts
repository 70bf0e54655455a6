import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  emailSchema,
  isStrongPassword,
  optionalWebAddress,
  passwordSchema,
  passwordSpecials,
  withPasswordConfirmation,
} from "./common.js";

describe("isStrongPassword (SPEC §5)", () => {
  test.each(["Str0ng&Secure-pass", "Abcdefghij1!", "ÉtéÀParis2026*", "  Spaces0k+ here "])("accepts %j", (password) => {
    expect(isStrongPassword(password)).toBe(true);
  });

  test.each([
    ["11 characters", "Abcdefgh1!x"],
    ["no lowercase", "ABCDEFGHIJ1!"],
    ["no uppercase", "abcdefghij1!"],
    ["no digit", "Abcdefghijk!"],
    ["no special", "Abcdefghijk1"],
    ["only specials outside the list", "Abcdefghij1_.?~()=<>"],
    ["empty", ""],
  ])("refuses %s", (_case, password) => {
    expect(isStrongPassword(password)).toBe(false);
  });

  test("each special of the list is enough on its own", () => {
    expect([...passwordSpecials]).toEqual(["!", "@", "#", "$", "%", "^", "&", "+", "/", "-", "*"]);
    for (const special of passwordSpecials) expect(isStrongPassword(`Abcdefghij1${special}`), special).toBe(true);
  });
});

describe("passwordSchema", () => {
  const messageOf = (value: unknown) => passwordSchema.safeParse(value).error?.issues[0]?.message;
  test("names the rule by its message code", () => {
    expect(messageOf("")).toBe("FIELD_REQUIRED");
    expect(messageOf("weak")).toBe("PASSWORD_TOO_WEAK");
    expect(passwordSchema.safeParse(`Aa1!${"x".repeat(197)}`).success).toBe(false);
    expect(passwordSchema.safeParse("Str0ng&Secure-pass").success).toBe(true);
  });
});

describe("withPasswordConfirmation", () => {
  const schema = withPasswordConfirmation(z.object({ password: passwordSchema, passwordConfirmation: z.string() }));
  test("a different confirmation fails on the confirmation field", () => {
    const result = schema.safeParse({ password: "Str0ng&Secure-pass", passwordConfirmation: "Str0ng&Secure-pas" });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: "PASSWORDS_DO_NOT_MATCH", path: ["passwordConfirmation"] }),
    ]);
    expect(
      schema.safeParse({ password: "Str0ng&Secure-pass", passwordConfirmation: "Str0ng&Secure-pass" }).success,
    ).toBe(true);
  });
});

describe("emailSchema", () => {
  test("trims and lower-cases, so one address is one user", () => {
    expect(emailSchema.parse("  Ada.Lovelace@Example.COM ")).toBe("ada.lovelace@example.com");
  });
  test.each([
    ["", "FIELD_REQUIRED"],
    ["   ", "FIELD_REQUIRED"],
    ["plainaddress", "EMAIL_INVALID"],
    ["a@b", "EMAIL_INVALID"],
    ["two@@example.com", "EMAIL_INVALID"],
  ])("%j → %s", (value, code) => {
    expect(emailSchema.safeParse(value).error?.issues[0]?.message).toBe(code);
  });
});

describe("optionalWebAddress", () => {
  const link = optionalWebAddress(100);
  test.each(["", "  ", "https://", "http://", " HTTPS:// "])(
    "counts %j (nothing, or the untouched prefix) as empty",
    (value) => {
      expect(link.parse(value)).toBe("");
    },
  );
  test.each(["https://example.com", "http://facebook.com/my-event?ref=1"])("keeps %j", (value) => {
    expect(link.parse(value)).toBe(value);
  });
  test.each(["javascript:alert(1)", "example.com", "ftp://example.com", "https://exa mple.com", "https://localhost"])(
    "refuses %j with the message that shows a valid address",
    (value) => {
      expect(link.safeParse(value).error?.issues[0]?.message).toBe("URL_INVALID");
    },
  );
});
