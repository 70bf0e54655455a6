import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { accountRoles } from "../../../contract/auth";
import { languages } from "../../../contract/common";

/**
 * A cleared NumberInput holds "", which zod rejects with an English sentence of its own: a required number says
 * "This field is required." in the user's language instead, then keeps the contract's own rule.
 */
export const requiredNumber = <T extends z.ZodType<number, number>>(rule: T) => z.number("FIELD_REQUIRED").pipe(rule);

/** The interface languages as Select options, named in the current language. */
export function useLanguageOptions() {
  const { t } = useTranslation();
  return useMemo(() => languages.map((value) => ({ value, label: t(`accounts.languageNames.${value}`) })), [t]);
}

/** Every IANA time zone the browser knows, for searchable Selects. */
const zones = Intl.supportedValuesOf("timeZone");
// Some engines leave UTC out of their list, yet it is the zone many accounts pick.
export const timezoneOptions: string[] = zones.includes("UTC") ? zones : ["UTC", ...zones];

/** The account roles as Select options, in the order of SPEC §6 (most rights first). */
export function useRoleOptions() {
  const { t } = useTranslation();
  return useMemo(() => accountRoles.map((value) => ({ value, label: t(`accounts.roles.${value}.label`) })), [t]);
}

/** Inputs side by side sit on one line even when one has a longer label or a description above it. */
export const alignInputs = { alignItems: "end" } as const;
