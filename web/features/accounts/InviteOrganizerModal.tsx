import { Alert, Button, Group, Modal, Radio, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { administratorCreateBody } from "../../../contract/accounts";
import { accountRoles } from "../../../contract/auth";
import { showServerErrors, useContractForm } from "../../ui/forms";
import { useInviteOrganizer } from "./accounts.queries";
import { alignInputs, useLanguageOptions } from "./form-fields";

/**
 * Invites an organizer by email with a role. The server's refusal (seat limit, already a member) stays inside the
 * modal, where the organizer is looking.
 */
export function InviteOrganizerModal({
  accountId,
  opened,
  onClose,
}: {
  accountId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const languageOptions = useLanguageOptions();
  const invite = useInviteOrganizer(accountId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useContractForm(administratorCreateBody, {
    accountId,
    email: "",
    firstName: "",
    lastName: "",
    language: i18n.language === "fr" || i18n.language === "es" ? i18n.language : "en",
    role: "organizer",
  });

  const close = () => {
    form.reset();
    setFailure(null);
    invite.reset();
    onClose();
  };

  const submit = form.onSubmit((body) => {
    setFailure(null);
    invite.mutate(body, {
      onSuccess: (organizer) => {
        notifications.show({
          color: "green",
          message: organizer.registered
            ? t("accounts.invite.added", { email: organizer.email })
            : t("accounts.invite.sent", { email: organizer.email }),
        });
        close();
      },
      onError: (error) => setFailure(showServerErrors(form, error)),
    });
  });

  return (
    <Modal opened={opened} onClose={close} title={t("accounts.invite.title")} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            type="email"
            label={t("accounts.organizers.email")}
            required
            data-autofocus
            {...form.getInputProps("email")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} style={alignInputs}>
            <TextInput label={t("accounts.organizers.firstName")} {...form.getInputProps("firstName")} />
            <TextInput label={t("accounts.organizers.lastName")} {...form.getInputProps("lastName")} />
          </SimpleGrid>
          <Select
            label={t("accounts.invite.language")}
            description={t("accounts.invite.languageHelp")}
            data={languageOptions}
            allowDeselect={false}
            {...form.getInputProps("language")}
          />
          <Radio.Group label={t("accounts.organizers.role")} required {...form.getInputProps("role")}>
            <Stack gap="sm" mt="xs">
              {accountRoles.map((role) => (
                <Radio
                  key={role}
                  value={role}
                  label={t(`accounts.roles.${role}.label`)}
                  description={t(`accounts.roles.${role}.description`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Text size="sm" c="gray.7">
            {t("accounts.invite.readersFree")}
          </Text>
          {/* Beside the buttons: on a phone the top of this long form is out of sight when it is sent. */}
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t("accounts.invite.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
