import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { guestCreateBody, guestStatuses } from "../../../contract/guests";
import { useAlert } from "../../ui/alert";
import { showServerErrors, useContractForm } from "../../ui/forms";
import { useAdminPath } from "../../ui/language-scope";
import { useCreateGuest } from "./guests.queries";

export function AddGuestModal({ eventId, opened, onClose }: { eventId: string; opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const adminPath = useAdminPath();
  const { showAlert } = useAlert();
  const create = useCreateGuest(eventId);
  const form = useContractForm(guestCreateBody, {
    firstName: "",
    lastName: "",
    email: "",
    company: "",
    status: "not_responded",
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((body) =>
    create.mutate(body, {
      onSuccess: (guest) => {
        notifications.show({ color: "green", message: t("guests.add.done") });
        close();
        navigate(adminPath(`/events/${eventId}/guests/${guest.id}`));
      },
      onError: (error) => {
        const headline = showServerErrors(form, error);
        if (Object.keys(form.errors).length === 0) showAlert(headline);
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title={t("guests.add.title")} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t("guests.fields.firstName")} {...form.getInputProps("firstName")} />
            <TextInput label={t("guests.fields.lastName")} {...form.getInputProps("lastName")} />
          </SimpleGrid>
          <TextInput type="email" label={t("guests.fields.email")} {...form.getInputProps("email")} />
          <TextInput label={t("guests.fields.company")} {...form.getInputProps("company")} />
          <Select
            label={t("guests.fields.status")}
            data={guestStatuses.map((value) => ({ value, label: t(`guests.status.${value}`) }))}
            allowDeselect={false}
            {...form.getInputProps("status")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t("guests.add.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
