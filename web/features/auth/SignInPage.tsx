import routeTable from "virtual:endpoint-routes";
import { Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate, useParams, useSearchParams } from "react-router";
import { type LoginBody, loginBody } from "../../../contract/auth";
import { languages } from "../../../contract/common";
import { translate } from "../../../contract/error-messages";
import { ApiError, call } from "../../api/client";
import { useAlert } from "../../ui/alert";
import { solveCaptcha } from "../../ui/captcha-solver";
import { showServerErrors, useContractForm } from "../../ui/forms";
import { LoadingLine } from "../../ui/LoadingLine";
import { useAdminPath, useLanguageScope } from "../../ui/language-scope";
import { AuthTitle } from "./AuthTitle";
import { authApi, useMe, useStartSession } from "./auth.queries";
import { SecretInput } from "./PasswordFields";

// Only a path of this back office may follow sign-in: `?next=https://elsewhere` must not make us an open redirect.
const adminPathPattern = new RegExp(`^/(?:(?:${languages.join("|")})/)?admin(?:[/?#]|$)`);

/** Where to go once signed in: the page that asked for sign-in, the event of /{event}/admin, or the events list. */
function useDestination(eventSlug: string | undefined): string {
  const adminPath = useAdminPath();
  const [searchParams] = useSearchParams();
  const next = searchParams.get("next");
  if (next && adminPathPattern.test(next)) return next;
  if (eventSlug) return `${adminPath("/events")}?query=${encodeURIComponent(eventSlug)}`;
  return adminPath("/events");
}

export function SignInPage() {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const adminPath = useAdminPath();
  const navigate = useNavigate();
  const { showAlert, clearAlert } = useAlert();
  // The layout between the /{event}/admin route and this page renders a plain outlet, so the slug is read from
  // the route's parameters, which every child route inherits.
  const { event: eventSlug } = useParams();
  const destination = useDestination(eventSlug);
  const me = useMe();
  const startSession = useStartSession();
  const form = useContractForm(loginBody, { email: "", password: "" });
  const [verifying, setVerifying] = useState(false);
  const login = useMutation({
    mutationFn: async (values: LoginBody) => {
      try {
        return await authApi.login({ body: values });
      } catch (error) {
        // Several wrong passwords were tried on this address (perhaps by someone else): the server asks for a proof
        // of work, which the browser solves in about a second before sending the sign-in again.
        if (!(error instanceof ApiError) || error.code !== "CAPTCHA_REQUIRED") throw error;
        setVerifying(true);
        try {
          const captcha = await solveCaptcha(await call(routeTable.captchaEndpoints.endpoints.challenge));
          if (!captcha) throw error;
          return await authApi.login({ body: { ...values, captcha } });
        } finally {
          setVerifying(false);
        }
      }
    },
  });

  if (me.isSuccess) return <Navigate to={destination} replace />;
  if (me.isLoading) return <LoadingLine />;

  const submit = form.onSubmit(
    (values) => {
      clearAlert();
      login.mutate(values, {
        onSuccess: (answer) => {
          if ("twoFactorRequired" in answer) {
            navigate(adminPath(`/sending-token?challenge=${encodeURIComponent(answer.challenge)}`));
            return;
          }
          startSession(answer);
          navigate(destination, { replace: true });
        },
        onError: (error) => showAlert(showServerErrors(form, error)),
      });
    },
    () => showAlert(translate("COMPLETE_ALL_FIELDS", language)),
  );

  // The banner says what is missing; the inputs only show where, without repeating the sentence under each.
  const flagged = (field: "email" | "password") => ({ ...form.getInputProps(field), error: !!form.errors[field] });

  return (
    <>
      <AuthTitle title={t("auth.signIn.title")}>
        {eventSlug ? t("auth.signIn.eventContext", { slug: eventSlug }) : t("auth.signIn.intro")}
      </AuthTitle>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t("auth.fields.email")}
            type="email"
            autoComplete="username"
            inputMode="email"
            {...flagged("email")}
          />
          <SecretInput label={t("auth.fields.password")} autoComplete="current-password" {...flagged("password")} />
          <Group justify="flex-end">
            <Anchor component={Link} to={adminPath("/forgot-password")} size="sm">
              {t("auth.signIn.forgotPassword")}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            {t("auth.signIn.submit")}
          </Button>
          {verifying && (
            <Text size="sm" ta="center" c="gray.8" role="status">
              {t("auth.signIn.verifying")}
            </Text>
          )}
          <Text size="sm" ta="center" c="gray.8">
            {t("auth.signIn.noAccount")}{" "}
            <Anchor component={Link} to={adminPath("/register-admin")} fw={600}>
              {t("auth.signIn.createAccount")}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
