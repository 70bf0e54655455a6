import { describe, expect, it } from "vitest";
import { isPhoneNumber, validateFieldValue } from "../../../contract/field-values.js";
import { AppError } from "../../platform/errors.js";
import { type CustomFieldRow, mergeCustomValues } from "./custom-field-values.js";

const field = (type: CustomFieldRow["type"], overrides: Partial<CustomFieldRow> = {}): CustomFieldRow => ({
  id: "f1",
  eventId: "e1",
  name: "Field",
  type,
  required: false,
  choices: [
    { id: "a", label: "A" },
    { id: "b", label: "B" },
  ],
  min: null,
  max: null,
  position: 0,
  ...overrides,
});

describe("validateFieldValue", () => {
  it("limits short and long texts", () => {
    expect(validateFieldValue(field("short_text"), "x".repeat(255))).toBeNull();
    expect(validateFieldValue(field("short_text"), "x".repeat(256))).toEqual({
      code: "FIELD_TOO_LONG",
      values: [255],
    });
    expect(validateFieldValue(field("long_text"), "x".repeat(10_000))).toBeNull();
    expect(validateFieldValue(field("long_text"), "x".repeat(10_001))).toEqual({
      code: "FIELD_TOO_LONG",
      values: [10_000],
    });
    expect(validateFieldValue(field("short_text"), 3)).toEqual({ code: "FIELD_INVALID" });
  });

  it("accepts only the field's choices", () => {
    for (const type of ["unique_choice", "dropdown"] as const) {
      expect(validateFieldValue(field(type), "a")).toBeNull();
      expect(validateFieldValue(field(type), "z")).toEqual({ code: "CHOICE_UNKNOWN" });
      expect(validateFieldValue(field(type), ["a"])).toEqual({ code: "FIELD_INVALID" });
    }
    expect(validateFieldValue(field("multiple_choice"), ["a", "b"])).toBeNull();
    expect(validateFieldValue(field("multiple_choice"), ["a", "z"])).toEqual({ code: "CHOICE_UNKNOWN" });
    expect(validateFieldValue(field("multiple_choice"), "a")).toEqual({ code: "FIELD_INVALID" });
  });

  it("checks real calendar dates and times", () => {
    expect(validateFieldValue(field("date"), "2024-02-29")).toBeNull();
    expect(validateFieldValue(field("date"), "2025-02-29")).toEqual({ code: "DATE_INVALID" });
    expect(validateFieldValue(field("date"), "29/02/2024")).toEqual({ code: "DATE_INVALID" });
    expect(validateFieldValue(field("time"), "23:59")).toBeNull();
    expect(validateFieldValue(field("time"), "24:00")).toEqual({ code: "TIME_INVALID" });
    expect(validateFieldValue(field("time"), "9:00")).toEqual({ code: "TIME_INVALID" });
  });

  it("keeps numbers within bounds, and positive unless the minimum is negative", () => {
    expect(validateFieldValue(field("number"), 0)).toBeNull();
    expect(validateFieldValue(field("number"), -1)).toEqual({ code: "NUMBER_TOO_SMALL" });
    expect(validateFieldValue(field("number", { min: -10 }), -5)).toBeNull();
    expect(validateFieldValue(field("number", { min: -10 }), -11)).toEqual({ code: "NUMBER_TOO_SMALL" });
    expect(validateFieldValue(field("number", { max: 10 }), 11)).toEqual({ code: "NUMBER_TOO_BIG" });
    expect(validateFieldValue(field("number", { min: 2 }), 1)).toEqual({ code: "NUMBER_TOO_SMALL" });
    expect(validateFieldValue(field("number"), "12")).toEqual({ code: "NUMBER_INVALID" });
    expect(validateFieldValue(field("number"), Number.NaN)).toEqual({ code: "NUMBER_INVALID" });
  });

  it("checks French phone numbers, identity cards and passports", () => {
    for (const good of ["0412345678", "04 12 34 56 78", "04.12.34.56.78", "+33412345678", "+33 4 12 34 56 78"]) {
      expect(isPhoneNumber(good), good).toBe(true);
      expect(validateFieldValue(field("phone"), good)).toBeNull();
    }
    for (const bad of ["0012345678", "041234567", "+3341234567", "+44412345678", "phone"]) {
      expect(validateFieldValue(field("phone"), bad), bad).toEqual({ code: "PHONE_INVALID" });
    }
    for (const type of ["fr_identity_card", "passport"] as const) {
      expect(validateFieldValue(field(type), "AB1234567")).toBeNull();
      expect(validateFieldValue(field(type), "AB123456")).toEqual({ code: "ID_NUMBER_INVALID" });
      expect(validateFieldValue(field(type), "AB12345-7")).toEqual({ code: "ID_NUMBER_INVALID" });
    }
  });

  it("takes a file's id", () => {
    expect(validateFieldValue(field("file"), "file-id")).toBeNull();
    expect(validateFieldValue(field("file"), 4)).toEqual({ code: "FIELD_INVALID" });
  });
});

describe("mergeCustomValues", () => {
  const required = field("short_text", { id: "req", required: true });
  const optional = field("short_text", { id: "opt" });
  const fieldsError = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      if (error instanceof AppError) return { code: error.code, fields: error.options.fields };
    }
    throw new Error("expected an AppError");
  };

  it("requires required fields on creation only, and never lets them be emptied", () => {
    expect(fieldsError(() => mergeCustomValues([required], {}, {}, { creating: true }))).toEqual({
      code: "FIELD_REQUIRED",
      fields: { "customFields.req": { code: "FIELD_REQUIRED" } },
    });
    expect(mergeCustomValues([required, optional], {}, { opt: "x" }, { creating: false })).toEqual({ opt: "x" });
    expect(fieldsError(() => mergeCustomValues([required], { req: "x" }, { req: "" }, { creating: false })).code).toBe(
      "FIELD_REQUIRED",
    );
  });

  it("merges, drops emptied answers and refuses unknown fields", () => {
    expect(mergeCustomValues([optional, required], { opt: "a", req: "r" }, { opt: null }, { creating: false })).toEqual(
      {
        req: "r",
      },
    );
    expect(fieldsError(() => mergeCustomValues([optional], {}, { nope: "x", opt: 1 }, { creating: false }))).toEqual({
      code: "VALIDATION",
      fields: { "customFields.nope": { code: "CUSTOM_FIELD_UNKNOWN" }, "customFields.opt": { code: "FIELD_INVALID" } },
    });
  });
});
