import { Alert, Button, Stack, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { translate } from "../../../../contract/error-messages";
import { useLanguageScope } from "../../../ui/language-scope";
import { AuthTitle } from "../../auth/AuthTitle";
import { sendersApi } from "./senders.queries";

/**
 * /admin/verify-sender?token=…: the page the verification mail links to. Opening it only reads (a mail scanner that
 * follows links verifies nothing); its button verifies the address, once.
 */
export function VerifySenderPage() {
  const { t } = useTranslation();
  const { language } = useLanguageScope();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const shown = useQuery({
    queryKey: ["senderVerification", token],
    queryFn: () => sendersApi.verification({ params: { token } }),
    enabled: token.length > 0,
    retry: false,
  });
  const verify = useMutation({ mutationFn: () => sendersApi.verify({ params: { token } }) });

  const invalid = !token || shown.error || verify.error;
  return (
    <>
      <AuthTitle title={t("senders.verify.title")} />
      <Stack gap="md">
        {invalid && (
          <Alert color="red" variant="light" role="alert">
            {verify.error?.message ?? shown.error?.message ?? translate("LINK_INVALID", language)}
          </Alert>
        )}
        {verify.isSuccess ? (
          <Alert color="green" variant="light" role="status">
            {t("senders.verify.done", { email: verify.data.email })}
          </Alert>
        ) : (
          shown.data &&
          !verify.error && (
            <>
              <Text>{t("senders.verify.intro", { email: shown.data.email, account: shown.data.accountName })}</Text>
              <Button onClick={() => verify.mutate()} loading={verify.isPending} fullWidth>
                {t("senders.verify.confirm")}
              </Button>
            </>
          )
        )}
      </Stack>
    </>
  );
}
