import {
  CheckIcon,
  CloseIcon,
  List,
  PasswordInput,
  type PasswordInputProps,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  isStrongPassword,
  type PasswordRule,
  passwordMinLength,
  passwordRules,
  passwordSpecials,
} from "../../../contract/common";
import { translate } from "../../../contract/error-messages";
import { useLanguageScope } from "../../ui/language-scope";

/**
 * A password input whose show/hide button speaks the page's language. Mantine's PasswordInput marks an error only
 * by color, so the inner input gets aria-invalid here for screen readers.
 */
export function SecretInput(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleButtonProps={{ "aria-label": t("auth.fields.showPassword") }}
      aria-invalid={props.error ? true : undefined}
      {...props}
    />
  );
}

/** The rules of SPEC §5, ticked live as the organizer types, so a refused password never comes as a surprise. */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation();
  const labels: Record<PasswordRule, string> = {
    length: t("auth.password.rules.length", { min: passwordMinLength }),
    lowercase: t("auth.password.rules.lowercase"),
    uppercase: t("auth.password.rules.uppercase"),
    digit: t("auth.password.rules.digit"),
    special: t("auth.password.rules.special", { characters: passwordSpecials }),
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t("auth.password.rules.title")}
      </Text>
      <List spacing={2} size="sm" center>
        {(Object.keys(passwordRules) as PasswordRule[]).map((rule) => {
          const met = passwordRules[rule](password);
          return (
            <List.Item
              key={rule}
              data-rule={rule}
              data-met={met}
              c={met ? "green.9" : "gray.8"}
              icon={
                <ThemeIcon size={18} radius="xl" color={met ? "green.8" : "gray.6"} aria-hidden>
                  {met ? <CheckIcon size={10} /> : <CloseIcon size="10" />}
                </ThemeIcon>
              }
            >
              {labels[rule]}
              <VisuallyHidden>{met ? t("auth.password.rules.met") : t("auth.password.rules.unmet")}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}

type PasswordValues = { password: string; passwordConfirmation: string };

/**
 * New password, its checklist and its confirmation: one component for every page where a password is chosen
 * (reset, create account, complete registration).
 */
// biome-ignore lint/suspicious/noExplicitAny: the pages' forms differ in their other fields and transformed values.
export function PasswordFields<Values extends PasswordValues>({ form }: { form: UseFormReturnType<Values, any> }) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const [confirmationLeft, setConfirmationLeft] = useState(false);
  const { password, passwordConfirmation } = form.getValues();
  const passwordProps = form.getInputProps("password");
  // A weak password is flagged on the input, and the checklist just below says which rules are missing.
  const weak = !!passwordProps.error && password !== "" && !isStrongPassword(password);
  const confirmationProps = form.getInputProps("passwordConfirmation");
  // The contract checks the match only once the password itself is valid; the organizer should know earlier.
  const mismatch =
    confirmationLeft && passwordConfirmation !== "" && passwordConfirmation !== password
      ? translate("PASSWORDS_DO_NOT_MATCH", language)
      : undefined;
  return (
    <>
      <SecretInput
        label={t("auth.fields.newPassword")}
        autoComplete="new-password"
        {...passwordProps}
        error={weak ? true : passwordProps.error}
      />
      <PasswordChecklist password={password} />
      <SecretInput
        label={t("auth.fields.passwordConfirmation")}
        autoComplete="new-password"
        {...confirmationProps}
        error={confirmationProps.error ?? mismatch}
        onBlur={(event) => {
          setConfirmationLeft(true);
          confirmationProps.onBlur?.(event);
        }}
      />
    </>
  );
}
