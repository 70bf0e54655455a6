import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { translate } from "../../../contract/error-messages";
import { useAlert } from "../../ui/alert";
import { LoadingLine } from "../../ui/LoadingLine";
import { useAdminPath, useLanguageScope } from "../../ui/language-scope";
import { AuthTitle } from "./AuthTitle";
import { authApi, useStartSession } from "./auth.queries";

/**
 * Two-step sign-in: with `?challenge=` the organizer waits for the mailed link (and may ask for another one);
 * with `?token=` the page is that link, and signs in.
 */
export function SendingTokenPage() {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const challenge = searchParams.get("challenge");
  if (token) return <SignInWithLink token={token} />;
  if (challenge) return <WaitForLink challenge={challenge} />;
  return (
    <>
      <AuthTitle title={t("auth.sendingToken.linkTitle")} />
      <Alert color="red" variant="light" role="alert" mb="md">
        {translate("LINK_INVALID", language)}
      </Alert>
      <BackToSignIn />
    </>
  );
}

function BackToSignIn() {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  return (
    <Button component={Link} to={adminPath()} variant="light" fullWidth>
      {t("auth.backToSignIn")}
    </Button>
  );
}

function SignInWithLink({ token }: { token: string }) {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const { showAlert } = useAlert();
  const [failed, setFailed] = useState(false);
  // The link works once: StrictMode's second effect run must not spend it again and then report it as expired.
  const spent = useRef(false);

  useEffect(() => {
    if (spent.current) return;
    spent.current = true;
    authApi.loginToken({ body: { token } }).then(
      (session) => {
        startSession(session);
        navigate(adminPath("/events"), { replace: true });
      },
      (error: Error) => {
        setFailed(true);
        showAlert(error.message);
      },
    );
  }, [token, startSession, navigate, adminPath, showAlert]);

  return (
    <>
      <AuthTitle title={t("auth.sendingToken.linkTitle")} />
      {failed ? (
        <BackToSignIn />
      ) : (
        <>
          <LoadingLine />
          <Text c="gray.8" role="status">
            {t("auth.sendingToken.signingIn")}
          </Text>
        </>
      )}
    </>
  );
}

function WaitForLink({ challenge }: { challenge: string }) {
  const { t } = useTranslation();
  const adminPath = useAdminPath();
  const { showAlert, clearAlert } = useAlert();
  const resend = useMutation({
    mutationFn: () => authApi.sendToken({ body: { challenge } }),
    onMutate: clearAlert,
    onSuccess: () => showAlert(t("auth.sendingToken.resent"), "green"),
    onError: (error) => showAlert(error.message),
  });

  return (
    <>
      <AuthTitle title={t("auth.sendingToken.title")}>{t("auth.sendingToken.text")}</AuthTitle>
      <Stack gap="md">
        <Button variant="light" fullWidth loading={resend.isPending} onClick={() => resend.mutate()}>
          {t("auth.sendingToken.resend")}
        </Button>
        <Anchor component={Link} to={adminPath()} size="sm" ta="center">
          {t("auth.backToSignIn")}
        </Anchor>
      </Stack>
    </>
  );
}
