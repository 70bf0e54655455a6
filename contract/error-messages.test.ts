import { describe, expect, test } from "vitest";
import { languages } from "./common.js";
import { isMessageCode, messages, translate } from "./error-messages.js";

describe("the message catalogue", () => {
  const entries = Object.entries(messages);

  test("every message has a text in fr, en and es, with the same placeholders", () => {
    for (const [code, texts] of entries) {
      const placeholders = (text: string) => text.split("%s").length - 1;
      for (const language of languages) {
        expect(texts[language]?.trim(), `${code}.${language}`).toBeTruthy();
        expect(placeholders(texts[language]), `${code}.${language}`).toBe(placeholders(texts.en));
      }
    }
  });

  test("French and Spanish are translations, not copies of the English", () => {
    for (const [code, texts] of entries) {
      expect(texts.fr, code).not.toBe(texts.en);
      expect(texts.es, code).not.toBe(texts.en);
    }
  });

  /*
   * Parts of messages rather than messages: reasons and counts filled into another message's %s ("Reason: %s."), and
   * the column headings of the import report. They take the punctuation of the message around them.
   */
  const fragments = new Set([
    "DOMAIN_USED_ELSEWHERE",
    "EVENT_HOLDS_FINANCIAL_RECORDS",
    "GUEST_HOLDS_TICKET",
    "IMPORT_REPORT_LINE",
    "IMPORT_REPORT_REASON",
  ]);
  const isFragment = (code: string) => fragments.has(code) || code.startsWith("HELD_");

  /*
   * Every message is a sentence ending with a full stop (or a question or exclamation mark), in every language. SPEC
   * §8 writes its messages so ("Invalid email or password. Please complete all fields."); §5 quotes a few inside a
   * parenthesis without it, as it does "Mail format is incorrect", which §8 gives with its full stop.
   */
  test("ends every message with a full stop, in every language", () => {
    for (const [code, texts] of entries) {
      for (const language of languages) {
        if (isFragment(code)) expect(texts[language], `${code}.${language}`).not.toMatch(/[.!?]$/);
        else expect(texts[language], `${code}.${language}`).toMatch(/[.!?]$/);
      }
    }
  });

  test("keeps the exact English wording of SPEC §5 and §8", () => {
    expect(translate("INVALID_CREDENTIALS", "en")).toBe("Invalid email or password.");
    expect(translate("COMPLETE_ALL_FIELDS", "en")).toBe("Please complete all fields.");
    expect(translate("PASSWORDS_DO_NOT_MATCH", "en")).toBe("Passwords do not match.");
    expect(translate("EMAIL_INVALID", "en")).toBe("Invalid email address.");
    expect(translate("INTERNAL", "en")).toBe("An error has occurred.");
    expect(translate("MAX_ORGANIZERS", "en")).toBe("You have reached the maximum number of allowed organizers.");
    expect(translate("EVENT_LIMIT", "en")).toBe("Event limit has been reached. You can't create more event.");
  });

  test("translate fills placeholders in order", () => {
    expect(translate("EVENT_NOT_DELETED", "en", "it has guests")).toBe(
      "Event could not be deleted. Reason: it has guests.",
    );
    expect(translate("RATE_LIMITED", "es", 15)).toBe("Demasiados intentos. Espere 15 minutos e inténtelo de nuevo.");
  });

  test("isMessageCode knows the codes and nothing else", () => {
    expect(isMessageCode("NOT_FOUND")).toBe(true);
    expect(isMessageCode("toString")).toBe(false);
    expect(isMessageCode("not_found")).toBe(false);
  });
});
