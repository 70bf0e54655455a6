import { Anchor, Button, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  type Invitation,
  type RegisterAdminBody,
  type RegisterBody,
  registerAdminBody,
  registerBody,
  type Session,
} from "../../../contract/auth";
import { useAlert } from "../../ui/alert";
import { showServerErrors, useContractForm } from "../../ui/forms";
import { LoadingLine } from "../../ui/LoadingLine";
import { useAdminPath, useLanguageScope } from "../../ui/language-scope";
import { AuthTitle } from "./AuthTitle";
import { authApi, useStartSession } from "./auth.queries";
import { PasswordFields } from "./PasswordFields";

/** "Create your account" for a new organization, or "Complete your registration" from an invitation link. */
export function RegisterAdminPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  return token ? <CompleteRegistration token={token} /> : <CreateAccount />;
}

type Names = { firstName: string; lastName: string };

/** Both modes end the same way: the new session is kept and the organizer is welcomed. */
function useRegistration<Body>(
  call: (body: Body) => Promise<Session>,
  // biome-ignore lint/suspicious/noExplicitAny: only the error display touches the form.
  form: UseFormReturnType<any, any>,
) {
  const adminPath = useAdminPath();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const { showAlert, clearAlert } = useAlert();
  const mutation = useMutation({
    mutationFn: call,
    onMutate: clearAlert,
    onSuccess: (session) => {
      startSession(session);
      navigate(adminPath("/register-success"), { replace: true });
    },
    onError: (error) => showAlert(showServerErrors(form, error)),
  });
  return mutation;
}

// biome-ignore lint/suspicious/noExplicitAny: the two forms differ in their other fields and transformed values.
function NameFields<Values extends Names>({ form }: { form: UseFormReturnType<Values, any> }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <TextInput label={t("auth.fields.firstName")} autoComplete="given-name" {...form.getInputProps("firstName")} />
      <TextInput label={t("auth.fields.lastName")} autoComplete="family-name" {...form.getInputProps("lastName")} />
    </SimpleGrid>
  );
}

function CreateAccount() {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const adminPath = useAdminPath();
  const form = useContractForm(registerBody, {
    firstName: "",
    lastName: "",
    email: "",
    accountName: "",
    password: "",
    passwordConfirmation: "",
    language,
  });
  const register = useRegistration((body: RegisterBody) => authApi.register({ body }), form);

  return (
    <>
      <AuthTitle title={t("auth.register.createTitle")}>{t("auth.register.createIntro")}</AuthTitle>
      <form noValidate onSubmit={form.onSubmit((values) => register.mutate(values))}>
        <Stack gap="md">
          <NameFields form={form} />
          <TextInput
            label={t("auth.fields.email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...form.getInputProps("email")}
          />
          <TextInput
            label={t("auth.fields.accountName")}
            autoComplete="organization"
            {...form.getInputProps("accountName")}
          />
          <PasswordFields form={form} />
          <Button type="submit" fullWidth loading={register.isPending}>
            {t("auth.register.createSubmit")}
          </Button>
          <Text size="sm" ta="center" c="gray.8">
            {t("auth.register.haveAccount")}{" "}
            <Anchor component={Link} to={adminPath()} fw={600}>
              {t("auth.signIn.submit")}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}

function CompleteRegistration({ token }: { token: string }) {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  const { showAlert } = useAlert();
  // Completing the registration spends the link and the new session empties the query cache: the invitation read
  // once is kept here, so that re-rendering on the way out does not ask again for a link that no longer works.
  const [kept, keep] = useState<Invitation>();
  const query = useQuery({
    queryKey: ["auth", "invitation", token],
    queryFn: () => authApi.invitation({ query: { token } }),
    enabled: !kept,
  });
  const invitation = kept ?? query.data;
  const failure = invitation ? undefined : query.error?.message;
  useEffect(() => {
    if (query.data) keep(query.data);
  }, [query.data]);
  useEffect(() => {
    if (failure) showAlert(failure);
  }, [failure, showAlert]);

  return (
    <>
      <AuthTitle title={t("auth.register.completeTitle")}>
        {invitation &&
          (invitation.accountName
            ? t("auth.register.invited", { accountName: invitation.accountName, email: invitation.email })
            : t("auth.register.invitedNoAccount", { email: invitation.email }))}
      </AuthTitle>
      {!invitation && query.isPending && (
        <Stack gap="sm">
          <LoadingLine />
          <Text c="gray.8">{t("auth.register.loadingInvitation")}</Text>
        </Stack>
      )}
      {failure && (
        <Button component={Link} to={adminPath()} variant="light" fullWidth>
          {t("auth.backToSignIn")}
        </Button>
      )}
      {invitation && <CompleteRegistrationForm token={token} invitation={invitation} />}
    </>
  );
}

function CompleteRegistrationForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const form = useContractForm(registerAdminBody, {
    token,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    password: "",
    passwordConfirmation: "",
    language,
  });
  const complete = useRegistration((body: RegisterAdminBody) => authApi.registerAdmin({ body }), form);

  return (
    <form noValidate onSubmit={form.onSubmit((values) => complete.mutate(values))}>
      <Stack gap="md">
        <NameFields form={form} />
        <PasswordFields form={form} />
        <Button type="submit" fullWidth loading={complete.isPending}>
          {t("auth.register.completeSubmit")}
        </Button>
      </Stack>
    </form>
  );
}
