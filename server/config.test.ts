import { expect, test } from "vitest";
import { loadConfig } from "./config.js";

test("TRUST_PROXY: unset trusts no proxy; a list of addresses, CIDRs or range names is kept; anything else refused", () => {
  expect(loadConfig({}).trustedProxies).toEqual([]);
  expect(loadConfig({ TRUST_PROXY: "" }).trustedProxies).toEqual([]);
  expect(loadConfig({ TRUST_PROXY: " 10.0.0.0/8, 203.0.113.7 ,fd00::/8,loopback" }).trustedProxies).toEqual([
    "10.0.0.0/8",
    "203.0.113.7",
    "fd00::/8",
    "loopback",
  ]);
  expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
  expect(() => loadConfig({ TRUST_PROXY: "2" })).toThrow(/TRUST_PROXY/);
  expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
  expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/8/1" })).toThrow(/TRUST_PROXY/);
});
