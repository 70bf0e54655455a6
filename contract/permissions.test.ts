import { describe, expect, test } from "vitest";
import { accountRoles } from "./auth.js";
import { accountActions, roleCan, seatedRoles } from "./permissions.js";

describe("the permission matrix (SPEC §6)", () => {
  test.each([
    ["reader", "events.read", true],
    ["reader", "events.create", false],
    ["reader", "events.update", false],
    ["editor", "events.update", true],
    ["editor", "events.create", false],
    ["editor", "events.delete", false],
    ["editor", "events.archive", false],
    ["editor", "events.share", false],
    ["editor", "events.openArchived", false],
    ["organizer", "events.create", true],
    ["organizer", "events.delete", true],
    ["organizer", "events.share", true],
    ["organizer", "events.openArchived", true],
    ["organizer", "events.seeAll", false],
    ["organizer", "teams.manage", false],
    ["organizer", "organizers.manage", false],
    ["organizer", "account.update", false],
    ["overseer", "teams.manage", true],
    ["overseer", "organizers.manage", true],
    ["overseer", "apiKeys.manage", true],
    ["overseer", "events.seeAll", true],
    ["overseer", "account.limits.update", false],
    ["apiKey", "events.create", true],
    ["apiKey", "apiKeys.manage", false],
    ["apiKey", "organizers.manage", false],
    ["apiKey", "account.limits.update", false],
    ["platformAdmin", "account.limits.update", true],
    ["overseer", "account.credits.manage", false],
    ["organizer", "account.credits.manage", false],
    ["apiKey", "account.credits.manage", false],
    ["platformAdmin", "account.credits.manage", true],
  ] as const)("%s → %s: %s", (role, action, allowed) => {
    expect(roleCan(role, action)).toBe(allowed);
  });

  test("every role reads the account and its events", () => {
    for (const role of [...accountRoles, "apiKey", "platformAdmin"] as const) {
      for (const action of ["account.read", "events.read", "organizers.read", "teams.read"] as const) {
        expect(roleCan(role, action), `${role} ${action}`).toBe(true);
      }
    }
  });

  test("roles are nested: each one can do at least what the one below it can", () => {
    const ladder = ["reader", "editor", "organizer", "overseer", "platformAdmin"] as const;
    for (let step = 1; step < ladder.length; step++) {
      const [below, above] = [ladder[step - 1], ladder[step]] as const;
      if (!below || !above) continue;
      for (const action of accountActions) {
        if (roleCan(below, action)) expect(roleCan(above, action), `${above} ${action}`).toBe(true);
      }
    }
  });

  test("the platform administrator can do everything; readers take no organizer seat", () => {
    expect(accountActions.every((action) => roleCan("platformAdmin", action))).toBe(true);
    expect(seatedRoles).toEqual(["overseer", "organizer", "editor"]);
  });
});
