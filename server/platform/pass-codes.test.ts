import { describe, expect, it } from "vitest";
import { guestPassCode, readPassCode, ticketPassCode } from "./pass-codes.js";

const secret = "test-secret";
const guestId = "7b0c6a8e-3f7e-4a53-9d1c-2f4e5a6b7c8d";
const itemCode = "0123456789abcdef0123456789abcdef";

describe("pass codes", () => {
  it("reads back the guest or ticket a code names", () => {
    expect(readPassCode(secret, guestPassCode(secret, guestId))).toEqual({ kind: "guest", guestId });
    expect(readPassCode(secret, ` ${ticketPassCode(secret, itemCode)}\n`)).toEqual({ kind: "ticket", code: itemCode });
  });

  it("refuses an altered, forged or foreign code", () => {
    const code = guestPassCode(secret, guestId);
    const otherGuest = "7b0c6a8e-3f7e-4a53-9d1c-2f4e5a6b7c8e";
    expect(readPassCode(secret, code.replace(guestId, otherGuest))).toBeUndefined();
    expect(readPassCode(secret, `G.${guestId}.AAAAAAAAAAAAAAAAAAAAAA`)).toBeUndefined();
    expect(readPassCode("another-secret", code)).toBeUndefined();
    // A guest's signature does not open a ticket with the same text.
    expect(readPassCode(secret, `T.${itemCode}.${guestPassCode(secret, itemCode).split(".")[2]}`)).toBeUndefined();
    expect(readPassCode(secret, guestId)).toBeUndefined();
    expect(readPassCode(secret, `${code}.extra`)).toBeUndefined();
  });
});
