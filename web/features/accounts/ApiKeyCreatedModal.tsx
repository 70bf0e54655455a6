import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * Shows a new key the only time it exists in clear: the server keeps a hash, so once this modal is closed the key
 * cannot be shown again, only revoked.
 */
export function ApiKeyCreatedModal({
  apiKey,
  onClose,
}: {
  apiKey: { name: string; key: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={apiKey !== null}
      onClose={onClose}
      title={t("accounts.apiKeys.createdTitle", { name: apiKey?.name ?? "" })}
      size="lg"
      closeOnClickOutside={false}
    >
      {apiKey && (
        <Stack>
          <Alert
            color="orange"
            variant="light"
            title={t("accounts.apiKeys.onceTitle")}
            // The palette's own orange title is too pale on this background (WCAG 1.4.3).
            styles={{ title: { color: "var(--mantine-color-dark-8)" } }}
          >
            {t("accounts.apiKeys.onceText")}
          </Alert>
          <Code block fz="sm" style={{ wordBreak: "break-all", whiteSpace: "pre-wrap" }} data-testid="api-key-value">
            {apiKey.key}
          </Code>
          <Group justify="space-between">
            <CopyButton value={apiKey.key} timeout={2000}>
              {({ copied, copy }) => (
                <Button color={copied ? "green.8" : undefined} onClick={copy} aria-live="polite">
                  {copied ? t("accounts.apiKeys.copied") : t("accounts.apiKeys.copy")}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              {t("accounts.apiKeys.done")}
            </Button>
          </Group>
          <Text size="sm" c="gray.7">
            {t("accounts.apiKeys.usage")}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
