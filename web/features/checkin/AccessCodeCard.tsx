import { Button, Card, Group, Image, Stack, Table, Text, Title } from "@mantine/core";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { useAlert } from "../../ui/alert";
import { useAccessCode, useAccessCodeChange, useDevices } from "./checkin.queries";
import { formatMoment } from "./checkin-format";

/** XXXX-XXXX: two groups of four read aloud and typed more easily than eight in a row (whatever the server's spelling). */
const grouped = (code: string) => {
  const plain = code.replace(/[^A-Za-z0-9]/g, "");
  return `${plain.slice(0, 4)}-${plain.slice(4)}`;
};

/** The QR code of the join page, drawn in the browser: staff point their phone's camera at the screen. */
function JoinQrCode({ url, alt }: { url: string; alt: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toDataURL(url, { margin: 1, width: 220, errorCorrectionLevel: "M" }).then((data) => {
      if (current) setImage(data);
    });
    return () => {
      current = false;
    };
  }, [url]);
  return image ? <Image src={image} alt={alt} w={220} h={220} /> : null;
}

/** A session's access code for staff phones, a new one or its revocation, and the devices that joined with it. */
export function AccessCodeCard({
  eventId,
  sessionId,
  editable,
}: {
  eventId: string;
  sessionId: string;
  editable: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { showAlert } = useAlert();
  const code = useAccessCode(eventId, sessionId);
  const devices = useDevices(eventId, sessionId);
  const change = useAccessCodeChange(eventId, sessionId);
  const onError = (error: unknown) =>
    showAlert(error instanceof ApiError ? error.message : t("app.error.unknown"), "red");
  const current = code.data;
  const revoke = () => {
    if (current && window.confirm(t("checkin.code.confirmRevoke"))) change.mutate({ revoke: current.id }, { onError });
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t("checkin.code.title")}
        </Title>
        {code.isPending ? (
          <Text c="gray.7">{t("app.loading")}</Text>
        ) : current ? (
          <Group align="flex-start" gap="xl">
            <JoinQrCode url={current.joinUrl} alt={t("checkin.code.qrAlt", { code: grouped(current.code) })} />
            <Stack gap="xs" style={{ minWidth: 0 }}>
              <Text size="sm" c="gray.7">
                {t("checkin.code.label")}
              </Text>
              <Text ff="monospace" fw={700} fz={40} lh={1.1} data-testid="access-code">
                {grouped(current.code)}
              </Text>
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {t("checkin.code.howTo", { url: current.joinUrl })}
              </Text>
            </Stack>
          </Group>
        ) : (
          <Text c="gray.7">{t("checkin.code.none")}</Text>
        )}
        {editable && (
          <Group gap="sm">
            <Button onClick={() => change.mutate("new", { onError })} loading={change.isPending} variant="light">
              {t(current ? "checkin.code.renew" : "checkin.code.create")}
            </Button>
            {current && (
              <Button onClick={revoke} variant="light" color="red">
                {t("checkin.code.revoke")}
              </Button>
            )}
          </Group>
        )}
        <Title order={3} size="h4">
          {t("checkin.devices.title")}
        </Title>
        {(devices.data?.items.length ?? 0) === 0 ? (
          <Text c="gray.7">{t("checkin.devices.none")}</Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("checkin.devices.name")}</Table.Th>
                  <Table.Th scope="col">{t("checkin.devices.connected")}</Table.Th>
                  <Table.Th scope="col">{t("checkin.devices.lastSeen")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {devices.data?.items.map((device) => (
                  <Table.Tr key={device.id}>
                    <Table.Td>
                      {device.label || t("checkin.devices.unnamed")}
                      <Text size="xs" c="gray.7" lineClamp={1} title={device.userAgent}>
                        {device.userAgent}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatMoment(device.connectedAt, i18n.language)}</Table.Td>
                    <Table.Td>{formatMoment(device.lastSeenAt, i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
